// Made by scripts/lazy-libraries from <jxl/decode.h>: run it again rather than edit.
// libjxl.so.0.7 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <jxl/decode.h>
#include <jxl/version.h>

#if !(JPEGXL_MAJOR_VERSION == 0 && JPEGXL_MINOR_VERSION == 7)
#error "these headers are not those of libjxl.so.0.7: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libjxl.so.0.7 cannot be loaded"

static struct {
    __typeof__(JxlDecoderCloseInput) *JxlDecoderCloseInput;
    __typeof__(JxlDecoderCreate) *JxlDecoderCreate;
    __typeof__(JxlDecoderDestroy) *JxlDecoderDestroy;
    __typeof__(JxlDecoderFlushImage) *JxlDecoderFlushImage;
    __typeof__(JxlDecoderGetBasicInfo) *JxlDecoderGetBasicInfo;
    __typeof__(JxlDecoderGetColorAsEncodedProfile) *JxlDecoderGetColorAsEncodedProfile;
    __typeof__(JxlDecoderGetColorAsICCProfile) *JxlDecoderGetColorAsICCProfile;
    __typeof__(JxlDecoderGetICCProfileSize) *JxlDecoderGetICCProfileSize;
    __typeof__(JxlDecoderGetIntendedDownsamplingRatio) *JxlDecoderGetIntendedDownsamplingRatio;
    __typeof__(JxlDecoderImageOutBufferSize) *JxlDecoderImageOutBufferSize;
    __typeof__(JxlDecoderProcessInput) *JxlDecoderProcessInput;
    __typeof__(JxlDecoderSetImageOutBuffer) *JxlDecoderSetImageOutBuffer;
    __typeof__(JxlDecoderSetInput) *JxlDecoderSetInput;
    __typeof__(JxlDecoderSetPreferredColorProfile) *JxlDecoderSetPreferredColorProfile;
    __typeof__(JxlDecoderSubscribeEvents) *JxlDecoderSubscribeEvents;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libjxl.so.0.7", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.JxlDecoderCloseInput = (__typeof__(JxlDecoderCloseInput) *)dlsym(library, "JxlDecoderCloseInput");
    real.JxlDecoderCreate = (__typeof__(JxlDecoderCreate) *)dlsym(library, "JxlDecoderCreate");
    real.JxlDecoderDestroy = (__typeof__(JxlDecoderDestroy) *)dlsym(library, "JxlDecoderDestroy");
    real.JxlDecoderFlushImage = (__typeof__(JxlDecoderFlushImage) *)dlsym(library, "JxlDecoderFlushImage");
    real.JxlDecoderGetBasicInfo = (__typeof__(JxlDecoderGetBasicInfo) *)dlsym(library, "JxlDecoderGetBasicInfo");
    real.JxlDecoderGetColorAsEncodedProfile = (__typeof__(JxlDecoderGetColorAsEncodedProfile) *)dlsym(library, "JxlDecoderGetColorAsEncodedProfile");
    real.JxlDecoderGetColorAsICCProfile = (__typeof__(JxlDecoderGetColorAsICCProfile) *)dlsym(library, "JxlDecoderGetColorAsICCProfile");
    real.JxlDecoderGetICCProfileSize = (__typeof__(JxlDecoderGetICCProfileSize) *)dlsym(library, "JxlDecoderGetICCProfileSize");
    real.JxlDecoderGetIntendedDownsamplingRatio = (__typeof__(JxlDecoderGetIntendedDownsamplingRatio) *)dlsym(library, "JxlDecoderGetIntendedDownsamplingRatio");
    real.JxlDecoderImageOutBufferSize = (__typeof__(JxlDecoderImageOutBufferSize) *)dlsym(library, "JxlDecoderImageOutBufferSize");
    real.JxlDecoderProcessInput = (__typeof__(JxlDecoderProcessInput) *)dlsym(library, "JxlDecoderProcessInput");
    real.JxlDecoderSetImageOutBuffer = (__typeof__(JxlDecoderSetImageOutBuffer) *)dlsym(library, "JxlDecoderSetImageOutBuffer");
    real.JxlDecoderSetInput = (__typeof__(JxlDecoderSetInput) *)dlsym(library, "JxlDecoderSetInput");
    real.JxlDecoderSetPreferredColorProfile = (__typeof__(JxlDecoderSetPreferredColorProfile) *)dlsym(library, "JxlDecoderSetPreferredColorProfile");
    real.JxlDecoderSubscribeEvents = (__typeof__(JxlDecoderSubscribeEvents) *)dlsym(library, "JxlDecoderSubscribeEvents");
    loaded = real.JxlDecoderCloseInput && real.JxlDecoderCreate && real.JxlDecoderDestroy && real.JxlDecoderFlushImage && real.JxlDecoderGetBasicInfo && real.JxlDecoderGetColorAsEncodedProfile && real.JxlDecoderGetColorAsICCProfile && real.JxlDecoderGetICCProfileSize && real.JxlDecoderGetIntendedDownsamplingRatio && real.JxlDecoderImageOutBufferSize && real.JxlDecoderProcessInput && real.JxlDecoderSetImageOutBuffer && real.JxlDecoderSetInput && real.JxlDecoderSetPreferredColorProfile && real.JxlDecoderSubscribeEvents;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(void) JxlDecoderCloseInput(__typeof__(JxlDecoder *) a0) {
    if (load()) real.JxlDecoderCloseInput(a0);
}

__typeof__(JxlDecoder *) JxlDecoderCreate(__typeof__(const JxlMemoryManager *) a0) {
    return load() ? real.JxlDecoderCreate(a0) : NULL;
}

__typeof__(void) JxlDecoderDestroy(__typeof__(JxlDecoder *) a0) {
    if (load()) real.JxlDecoderDestroy(a0);
}

__typeof__(JxlDecoderStatus) JxlDecoderFlushImage(__typeof__(JxlDecoder *) a0) {
    return load() ? real.JxlDecoderFlushImage(a0) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderGetBasicInfo(__typeof__(const JxlDecoder *) a0, __typeof__(JxlBasicInfo *) a1) {
    return load() ? real.JxlDecoderGetBasicInfo(a0, a1) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderGetColorAsEncodedProfile(__typeof__(const JxlDecoder *) a0, __typeof__(const JxlPixelFormat *) a1, __typeof__(JxlColorProfileTarget) a2, __typeof__(JxlColorEncoding *) a3) {
    return load() ? real.JxlDecoderGetColorAsEncodedProfile(a0, a1, a2, a3) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderGetColorAsICCProfile(__typeof__(const JxlDecoder *) a0, __typeof__(const JxlPixelFormat *) a1, __typeof__(JxlColorProfileTarget) a2, __typeof__(uint8_t *) a3, __typeof__(size_t) a4) {
    return load() ? real.JxlDecoderGetColorAsICCProfile(a0, a1, a2, a3, a4) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderGetICCProfileSize(__typeof__(const JxlDecoder *) a0, __typeof__(const JxlPixelFormat *) a1, __typeof__(JxlColorProfileTarget) a2, __typeof__(size_t *) a3) {
    return load() ? real.JxlDecoderGetICCProfileSize(a0, a1, a2, a3) : JXL_DEC_ERROR;
}

__typeof__(size_t) JxlDecoderGetIntendedDownsamplingRatio(__typeof__(JxlDecoder *) a0) {
    return load() ? real.JxlDecoderGetIntendedDownsamplingRatio(a0) : 0;
}

__typeof__(JxlDecoderStatus) JxlDecoderImageOutBufferSize(__typeof__(const JxlDecoder *) a0, __typeof__(const JxlPixelFormat *) a1, __typeof__(size_t *) a2) {
    return load() ? real.JxlDecoderImageOutBufferSize(a0, a1, a2) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderProcessInput(__typeof__(JxlDecoder *) a0) {
    return load() ? real.JxlDecoderProcessInput(a0) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderSetImageOutBuffer(__typeof__(JxlDecoder *) a0, __typeof__(const JxlPixelFormat *) a1, __typeof__(void *) a2, __typeof__(size_t) a3) {
    return load() ? real.JxlDecoderSetImageOutBuffer(a0, a1, a2, a3) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderSetInput(__typeof__(JxlDecoder *) a0, __typeof__(const uint8_t *) a1, __typeof__(size_t) a2) {
    return load() ? real.JxlDecoderSetInput(a0, a1, a2) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderSetPreferredColorProfile(__typeof__(JxlDecoder *) a0, __typeof__(const JxlColorEncoding *) a1) {
    return load() ? real.JxlDecoderSetPreferredColorProfile(a0, a1) : JXL_DEC_ERROR;
}

__typeof__(JxlDecoderStatus) JxlDecoderSubscribeEvents(__typeof__(JxlDecoder *) a0, __typeof__(int) a1) {
    return load() ? real.JxlDecoderSubscribeEvents(a0, a1) : JXL_DEC_ERROR;
}
