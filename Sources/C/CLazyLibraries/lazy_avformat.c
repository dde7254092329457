// Made by scripts/lazy-libraries from <libavformat/avformat.h>: run it again rather than edit.
// libavformat.so.59 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <libavformat/avformat.h>

#if !(LIBAVFORMAT_VERSION_MAJOR == 59)
#error "these headers are not those of libavformat.so.59: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libavformat.so.59 cannot be loaded"

static struct {
    __typeof__(avformat_open_input) *avformat_open_input;
    __typeof__(avformat_find_stream_info) *avformat_find_stream_info;
    __typeof__(avformat_close_input) *avformat_close_input;
    __typeof__(av_find_best_stream) *av_find_best_stream;
    __typeof__(av_stream_get_side_data) *av_stream_get_side_data;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libavformat.so.59", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.avformat_open_input = (__typeof__(avformat_open_input) *)dlsym(library, "avformat_open_input");
    real.avformat_find_stream_info = (__typeof__(avformat_find_stream_info) *)dlsym(library, "avformat_find_stream_info");
    real.avformat_close_input = (__typeof__(avformat_close_input) *)dlsym(library, "avformat_close_input");
    real.av_find_best_stream = (__typeof__(av_find_best_stream) *)dlsym(library, "av_find_best_stream");
    real.av_stream_get_side_data = (__typeof__(av_stream_get_side_data) *)dlsym(library, "av_stream_get_side_data");
    loaded = real.avformat_open_input && real.avformat_find_stream_info && real.avformat_close_input && real.av_find_best_stream && real.av_stream_get_side_data;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(int) avformat_open_input(__typeof__(AVFormatContext **) a0, __typeof__(const char *) a1, __typeof__(const AVInputFormat *) a2, __typeof__(AVDictionary **) a3) {
    return load() ? real.avformat_open_input(a0, a1, a2, a3) : -1;
}

__typeof__(int) avformat_find_stream_info(__typeof__(AVFormatContext *) a0, __typeof__(AVDictionary **) a1) {
    return load() ? real.avformat_find_stream_info(a0, a1) : -1;
}

__typeof__(void) avformat_close_input(__typeof__(AVFormatContext **) a0) {
    if (load()) real.avformat_close_input(a0);
}

__typeof__(int) av_find_best_stream(__typeof__(AVFormatContext *) a0, __typeof__(enum AVMediaType) a1, __typeof__(int) a2, __typeof__(int) a3, __typeof__(const AVCodec **) a4, __typeof__(int) a5) {
    return load() ? real.av_find_best_stream(a0, a1, a2, a3, a4, a5) : -1;
}

__typeof__(uint8_t *) av_stream_get_side_data(__typeof__(const AVStream *) a0, __typeof__(enum AVPacketSideDataType) a1, __typeof__(size_t *) a2) {
    return load() ? real.av_stream_get_side_data(a0, a1, a2) : NULL;
}
