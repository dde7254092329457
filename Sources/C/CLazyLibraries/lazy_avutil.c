// Made by scripts/lazy-libraries from <libavutil/avutil.h>: run it again rather than edit.
// libavutil.so.57 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/dict.h>

#if !(LIBAVUTIL_VERSION_MAJOR == 57)
#error "these headers are not those of libavutil.so.57: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libavutil.so.57 cannot be loaded"

static struct {
    __typeof__(av_display_rotation_get) *av_display_rotation_get;
    __typeof__(av_log_set_level) *av_log_set_level;
    __typeof__(av_dict_get) *av_dict_get;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libavutil.so.57", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.av_display_rotation_get = (__typeof__(av_display_rotation_get) *)dlsym(library, "av_display_rotation_get");
    real.av_log_set_level = (__typeof__(av_log_set_level) *)dlsym(library, "av_log_set_level");
    real.av_dict_get = (__typeof__(av_dict_get) *)dlsym(library, "av_dict_get");
    loaded = real.av_display_rotation_get && real.av_log_set_level && real.av_dict_get;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(double) av_display_rotation_get(__typeof__(const int32_t *) a0) {
    return load() ? real.av_display_rotation_get(a0) : 0;
}

__typeof__(void) av_log_set_level(__typeof__(int) a0) {
    if (load()) real.av_log_set_level(a0);
}

__typeof__(AVDictionaryEntry *) av_dict_get(__typeof__(const AVDictionary *) a0, __typeof__(const char *) a1, __typeof__(const AVDictionaryEntry *) a2, __typeof__(int) a3) {
    return load() ? real.av_dict_get(a0, a1, a2, a3) : NULL;
}
