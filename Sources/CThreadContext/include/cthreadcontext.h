#ifndef SCROLLSCRIPT_CTHREADCONTEXT_H
#define SCROLLSCRIPT_CTHREADCONTEXT_H

/// The animation runtime of the user behaviour whose code runs now on this thread (an
/// unretained Swift object), or null outside its calls.
extern _Thread_local void *scrollscript_context_runtime;

/// The simulated time views answer their presentation at on this thread; NaN: their model.
extern _Thread_local double scrollscript_context_presentation_time;

/// Set by a `ScrollBehaviour` delegate method's default (empty) implementation: the adapter
/// clears it before a call it has not made yet and reads it after, to learn that the type
/// does not implement that method (and stop asking for the event).
extern _Thread_local int scrollscript_context_default_ran;

/// The type (its metadata) whose `ScrollBehaviour` default `init(_:)` runs now, or null (it
/// calls `init()`; the default `init()` calls `init(_:)`: a type with neither would go
/// round for ever).
extern _Thread_local const void *scrollscript_context_default_init;

static inline void *scrollscript_context_get_runtime(void) { return scrollscript_context_runtime; }
static inline void scrollscript_context_set_runtime(void *p) { scrollscript_context_runtime = p; }
static inline double scrollscript_context_get_presentation_time(void) { return scrollscript_context_presentation_time; }
static inline void scrollscript_context_set_presentation_time(double t) { scrollscript_context_presentation_time = t; }

static inline int scrollscript_context_get_default_ran(void) { return scrollscript_context_default_ran; }
static inline void scrollscript_context_set_default_ran(int v) { scrollscript_context_default_ran = v; }
static inline const void *scrollscript_context_get_default_init(void) { return scrollscript_context_default_init; }
static inline void scrollscript_context_set_default_init(const void *t) { scrollscript_context_default_init = t; }

#endif
