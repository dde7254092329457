// Made by scripts/lazy-libraries from <mpv/client.h>: run it again rather than edit.
// libmpv.so.2 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <mpv/client.h>
#include <mpv/render_gl.h>

#if !((MPV_CLIENT_API_VERSION >> 16) == 2)
#error "these headers are not those of libmpv.so.2: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libmpv.so.2 cannot be loaded"

static struct {
    __typeof__(mpv_create) *mpv_create;
    __typeof__(mpv_initialize) *mpv_initialize;
    __typeof__(mpv_terminate_destroy) *mpv_terminate_destroy;
    __typeof__(mpv_set_option_string) *mpv_set_option_string;
    __typeof__(mpv_command) *mpv_command;
    __typeof__(mpv_command_async) *mpv_command_async;
    __typeof__(mpv_set_property) *mpv_set_property;
    __typeof__(mpv_set_property_string) *mpv_set_property_string;
    __typeof__(mpv_get_property) *mpv_get_property;
    __typeof__(mpv_observe_property) *mpv_observe_property;
    __typeof__(mpv_wait_event) *mpv_wait_event;
    __typeof__(mpv_set_wakeup_callback) *mpv_set_wakeup_callback;
    __typeof__(mpv_error_string) *mpv_error_string;
    __typeof__(mpv_free) *mpv_free;
    __typeof__(mpv_request_log_messages) *mpv_request_log_messages;
    __typeof__(mpv_render_context_create) *mpv_render_context_create;
    __typeof__(mpv_render_context_free) *mpv_render_context_free;
    __typeof__(mpv_render_context_render) *mpv_render_context_render;
    __typeof__(mpv_render_context_report_swap) *mpv_render_context_report_swap;
    __typeof__(mpv_render_context_set_update_callback) *mpv_render_context_set_update_callback;
    __typeof__(mpv_render_context_update) *mpv_render_context_update;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libmpv.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.mpv_create = (__typeof__(mpv_create) *)dlsym(library, "mpv_create");
    real.mpv_initialize = (__typeof__(mpv_initialize) *)dlsym(library, "mpv_initialize");
    real.mpv_terminate_destroy = (__typeof__(mpv_terminate_destroy) *)dlsym(library, "mpv_terminate_destroy");
    real.mpv_set_option_string = (__typeof__(mpv_set_option_string) *)dlsym(library, "mpv_set_option_string");
    real.mpv_command = (__typeof__(mpv_command) *)dlsym(library, "mpv_command");
    real.mpv_command_async = (__typeof__(mpv_command_async) *)dlsym(library, "mpv_command_async");
    real.mpv_set_property = (__typeof__(mpv_set_property) *)dlsym(library, "mpv_set_property");
    real.mpv_set_property_string = (__typeof__(mpv_set_property_string) *)dlsym(library, "mpv_set_property_string");
    real.mpv_get_property = (__typeof__(mpv_get_property) *)dlsym(library, "mpv_get_property");
    real.mpv_observe_property = (__typeof__(mpv_observe_property) *)dlsym(library, "mpv_observe_property");
    real.mpv_wait_event = (__typeof__(mpv_wait_event) *)dlsym(library, "mpv_wait_event");
    real.mpv_set_wakeup_callback = (__typeof__(mpv_set_wakeup_callback) *)dlsym(library, "mpv_set_wakeup_callback");
    real.mpv_error_string = (__typeof__(mpv_error_string) *)dlsym(library, "mpv_error_string");
    real.mpv_free = (__typeof__(mpv_free) *)dlsym(library, "mpv_free");
    real.mpv_request_log_messages = (__typeof__(mpv_request_log_messages) *)dlsym(library, "mpv_request_log_messages");
    real.mpv_render_context_create = (__typeof__(mpv_render_context_create) *)dlsym(library, "mpv_render_context_create");
    real.mpv_render_context_free = (__typeof__(mpv_render_context_free) *)dlsym(library, "mpv_render_context_free");
    real.mpv_render_context_render = (__typeof__(mpv_render_context_render) *)dlsym(library, "mpv_render_context_render");
    real.mpv_render_context_report_swap = (__typeof__(mpv_render_context_report_swap) *)dlsym(library, "mpv_render_context_report_swap");
    real.mpv_render_context_set_update_callback = (__typeof__(mpv_render_context_set_update_callback) *)dlsym(library, "mpv_render_context_set_update_callback");
    real.mpv_render_context_update = (__typeof__(mpv_render_context_update) *)dlsym(library, "mpv_render_context_update");
    loaded = real.mpv_create && real.mpv_initialize && real.mpv_terminate_destroy && real.mpv_set_option_string && real.mpv_command && real.mpv_command_async && real.mpv_set_property && real.mpv_set_property_string && real.mpv_get_property && real.mpv_observe_property && real.mpv_wait_event && real.mpv_set_wakeup_callback && real.mpv_error_string && real.mpv_free && real.mpv_request_log_messages && real.mpv_render_context_create && real.mpv_render_context_free && real.mpv_render_context_render && real.mpv_render_context_report_swap && real.mpv_render_context_set_update_callback && real.mpv_render_context_update;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(mpv_handle *) mpv_create(void) {
    return load() ? real.mpv_create() : NULL;
}

__typeof__(int) mpv_initialize(__typeof__(mpv_handle *) a0) {
    return load() ? real.mpv_initialize(a0) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(void) mpv_terminate_destroy(__typeof__(mpv_handle *) a0) {
    if (load()) real.mpv_terminate_destroy(a0);
}

__typeof__(int) mpv_set_option_string(__typeof__(mpv_handle *) a0, __typeof__(const char *) a1, __typeof__(const char *) a2) {
    return load() ? real.mpv_set_option_string(a0, a1, a2) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_command(__typeof__(mpv_handle *) a0, __typeof__(const char **) a1) {
    return load() ? real.mpv_command(a0, a1) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_command_async(__typeof__(mpv_handle *) a0, __typeof__(uint64_t) a1, __typeof__(const char **) a2) {
    return load() ? real.mpv_command_async(a0, a1, a2) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_set_property(__typeof__(mpv_handle *) a0, __typeof__(const char *) a1, __typeof__(mpv_format) a2, __typeof__(void *) a3) {
    return load() ? real.mpv_set_property(a0, a1, a2, a3) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_set_property_string(__typeof__(mpv_handle *) a0, __typeof__(const char *) a1, __typeof__(const char *) a2) {
    return load() ? real.mpv_set_property_string(a0, a1, a2) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_get_property(__typeof__(mpv_handle *) a0, __typeof__(const char *) a1, __typeof__(mpv_format) a2, __typeof__(void *) a3) {
    return load() ? real.mpv_get_property(a0, a1, a2, a3) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_observe_property(__typeof__(mpv_handle *) a0, __typeof__(uint64_t) a1, __typeof__(const char *) a2, __typeof__(mpv_format) a3) {
    return load() ? real.mpv_observe_property(a0, a1, a2, a3) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(mpv_event *) mpv_wait_event(__typeof__(mpv_handle *) a0, __typeof__(double) a1) {
    return load() ? real.mpv_wait_event(a0, a1) : NULL;
}

__typeof__(void) mpv_set_wakeup_callback(__typeof__(mpv_handle *) a0, __typeof__(void (*)(void *)) a1, __typeof__(void *) a2) {
    if (load()) real.mpv_set_wakeup_callback(a0, a1, a2);
}

__typeof__(const char *) mpv_error_string(__typeof__(int) a0) {
    return load() ? real.mpv_error_string(a0) : UNAVAILABLE;
}

__typeof__(void) mpv_free(__typeof__(void *) a0) {
    if (load()) real.mpv_free(a0);
}

__typeof__(int) mpv_request_log_messages(__typeof__(mpv_handle *) a0, __typeof__(const char *) a1) {
    return load() ? real.mpv_request_log_messages(a0, a1) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(int) mpv_render_context_create(__typeof__(mpv_render_context **) a0, __typeof__(mpv_handle *) a1, __typeof__(mpv_render_param *) a2) {
    return load() ? real.mpv_render_context_create(a0, a1, a2) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(void) mpv_render_context_free(__typeof__(mpv_render_context *) a0) {
    if (load()) real.mpv_render_context_free(a0);
}

__typeof__(int) mpv_render_context_render(__typeof__(mpv_render_context *) a0, __typeof__(mpv_render_param *) a1) {
    return load() ? real.mpv_render_context_render(a0, a1) : MPV_ERROR_UNSUPPORTED;
}

__typeof__(void) mpv_render_context_report_swap(__typeof__(mpv_render_context *) a0) {
    if (load()) real.mpv_render_context_report_swap(a0);
}

__typeof__(void) mpv_render_context_set_update_callback(__typeof__(mpv_render_context *) a0, __typeof__(mpv_render_update_fn) a1, __typeof__(void *) a2) {
    if (load()) real.mpv_render_context_set_update_callback(a0, a1, a2);
}

__typeof__(uint64_t) mpv_render_context_update(__typeof__(mpv_render_context *) a0) {
    return load() ? real.mpv_render_context_update(a0) : 0;
}
