// Per-thread cells for a user behaviour's calls (Sources/ScrollScriptBehaviours/UIKit/ThreadContext.swift):
// C's thread-local storage, read and written with one instruction each, since a delegate
// call sets and restores them on every frame.
#include "cthreadcontext.h"
#include <math.h>

_Thread_local void *scrollscript_context_runtime = 0;
_Thread_local double scrollscript_context_presentation_time = NAN;
_Thread_local int scrollscript_context_default_ran = 0;
_Thread_local const void *scrollscript_context_default_init = 0;
