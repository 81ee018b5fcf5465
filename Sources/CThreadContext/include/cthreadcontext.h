#ifndef SCROLLSCRIPT_CTHREADCONTEXT_H
#define SCROLLSCRIPT_CTHREADCONTEXT_H

/// The animation runtime of the user behaviour whose code runs now on this thread (an
/// unretained Swift object), or null outside its calls.
extern _Thread_local void *scrollscript_context_runtime;

/// The simulated time views answer their presentation at on this thread; NaN: their model.
extern _Thread_local double scrollscript_context_presentation_time;

static inline void *scrollscript_context_get_runtime(void) { return scrollscript_context_runtime; }
static inline void scrollscript_context_set_runtime(void *p) { scrollscript_context_runtime = p; }
static inline double scrollscript_context_get_presentation_time(void) { return scrollscript_context_presentation_time; }
static inline void scrollscript_context_set_presentation_time(double t) { scrollscript_context_presentation_time = t; }

#endif
