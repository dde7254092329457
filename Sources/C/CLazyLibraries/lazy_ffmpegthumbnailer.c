// Made by scripts/lazy-libraries from <libffmpegthumbnailer/videothumbnailerc.h>: run it again rather than edit.
// libffmpegthumbnailer.so.4 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <libffmpegthumbnailer/videothumbnailerc.h>

#if !(1)
#error "these headers are not those of libffmpegthumbnailer.so.4: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libffmpegthumbnailer.so.4 cannot be loaded"

static struct {
    __typeof__(video_thumbnailer_create) *video_thumbnailer_create;
    __typeof__(video_thumbnailer_destroy) *video_thumbnailer_destroy;
    __typeof__(video_thumbnailer_create_image_data) *video_thumbnailer_create_image_data;
    __typeof__(video_thumbnailer_destroy_image_data) *video_thumbnailer_destroy_image_data;
    __typeof__(video_thumbnailer_generate_thumbnail_to_buffer) *video_thumbnailer_generate_thumbnail_to_buffer;
    __typeof__(video_thumbnailer_set_size) *video_thumbnailer_set_size;
    __typeof__(video_thumbnailer_set_log_callback) *video_thumbnailer_set_log_callback;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libffmpegthumbnailer.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.video_thumbnailer_create = (__typeof__(video_thumbnailer_create) *)dlsym(library, "video_thumbnailer_create");
    real.video_thumbnailer_destroy = (__typeof__(video_thumbnailer_destroy) *)dlsym(library, "video_thumbnailer_destroy");
    real.video_thumbnailer_create_image_data = (__typeof__(video_thumbnailer_create_image_data) *)dlsym(library, "video_thumbnailer_create_image_data");
    real.video_thumbnailer_destroy_image_data = (__typeof__(video_thumbnailer_destroy_image_data) *)dlsym(library, "video_thumbnailer_destroy_image_data");
    real.video_thumbnailer_generate_thumbnail_to_buffer = (__typeof__(video_thumbnailer_generate_thumbnail_to_buffer) *)dlsym(library, "video_thumbnailer_generate_thumbnail_to_buffer");
    real.video_thumbnailer_set_size = (__typeof__(video_thumbnailer_set_size) *)dlsym(library, "video_thumbnailer_set_size");
    real.video_thumbnailer_set_log_callback = (__typeof__(video_thumbnailer_set_log_callback) *)dlsym(library, "video_thumbnailer_set_log_callback");
    loaded = real.video_thumbnailer_create && real.video_thumbnailer_destroy && real.video_thumbnailer_create_image_data && real.video_thumbnailer_destroy_image_data && real.video_thumbnailer_generate_thumbnail_to_buffer && real.video_thumbnailer_set_size && real.video_thumbnailer_set_log_callback;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(video_thumbnailer *) video_thumbnailer_create(void) {
    return load() ? real.video_thumbnailer_create() : NULL;
}

__typeof__(void) video_thumbnailer_destroy(__typeof__(video_thumbnailer *) a0) {
    if (load()) real.video_thumbnailer_destroy(a0);
}

__typeof__(image_data *) video_thumbnailer_create_image_data(void) {
    return load() ? real.video_thumbnailer_create_image_data() : NULL;
}

__typeof__(void) video_thumbnailer_destroy_image_data(__typeof__(image_data *) a0) {
    if (load()) real.video_thumbnailer_destroy_image_data(a0);
}

__typeof__(int) video_thumbnailer_generate_thumbnail_to_buffer(__typeof__(video_thumbnailer *) a0, __typeof__(const char *) a1, __typeof__(image_data *) a2) {
    return load() ? real.video_thumbnailer_generate_thumbnail_to_buffer(a0, a1, a2) : -1;
}

__typeof__(int) video_thumbnailer_set_size(__typeof__(video_thumbnailer *) a0, __typeof__(int) a1, __typeof__(int) a2) {
    return load() ? real.video_thumbnailer_set_size(a0, a1, a2) : -1;
}

__typeof__(void) video_thumbnailer_set_log_callback(__typeof__(video_thumbnailer *) a0, __typeof__(thumbnailer_log_callback) a1) {
    if (load()) real.video_thumbnailer_set_log_callback(a0, a1);
}
