#include "CTIFFRead.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <tiffio.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    tiff_rgba_info *info;
    int failed;
} source;

// libtiff would print each message to stderr; kept instead, the first error over any warning.
static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module;
    source *s = user;
    if (!s->failed) vsnprintf(s->info->message, sizeof s->info->message, format, args);
    s->failed = 1;
    return 1;
}

static int on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module;
    source *s = user;
    if (!s->failed && s->info->message[0] == 0) vsnprintf(s->info->message, sizeof s->info->message, format, args);
    return 1;
}

static tmsize_t read_bytes(thandle_t handle, void *out, tmsize_t count) {
    source *s = handle;
    size_t left = s->size - s->offset, n = (size_t)count < left ? (size_t)count : left;
    memcpy(out, s->data + s->offset, n);
    s->offset += n;
    return (tmsize_t)n;
}

static tmsize_t write_bytes(thandle_t handle, void *in, tmsize_t count) { (void)handle; (void)in; (void)count; return 0; }

static toff_t seek_to(thandle_t handle, toff_t offset, int whence) {
    source *s = handle;
    uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? s->offset : s->size;
    if (base > s->size || offset > s->size - base) return (toff_t)-1;
    s->offset = (size_t)(base + offset);
    return s->offset;
}

static int close_source(thandle_t handle) { (void)handle; return 0; }
static toff_t size_of(thandle_t handle) { return ((source *)handle)->size; }

static void fail(source *s, const char *text) {
    if (!s->failed) snprintf(s->info->message, sizeof s->info->message, "%s", text);
    s->failed = 1;
}

static TIFF *open_tiff(source *s, const uint8_t *data, size_t size, uint64_t max_alloc, tiff_rgba_info *info) {
    memset(s, 0, sizeof *s);
    s->data = data;
    s->size = size;
    s->info = info;
    memset(info, 0, sizeof *info);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, s);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, s);
    // A hostile directory can ask libtiff for any buffer: no more than the caller's pixel limit
    // needs (a whole image in one strip, 8 bytes a pixel).
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)(max_alloc > INT64_MAX ? INT64_MAX : max_alloc));
    TIFF *tif = TIFFClientOpenExt("", "rm", s, read_bytes, write_bytes, seek_to, close_source, size_of,
                                  NULL, NULL, options);
    TIFFOpenOptionsFree(options);
    if (!tif) {
        fail(s, "libtiff could not read its header");
        return NULL;
    }
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &info->width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &info->height);
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
    info->orientation = orientation >= 1 && orientation <= 8 ? orientation : ORIENTATION_TOPLEFT;
    if (info->width == 0 || info->height == 0) fail(s, "the image has no size");
    return tif;
}

// A truncated file keeps its directory: every strip past the end would be read as nothing, after
// a raster of the whole size was allocated.
static void check_strips(TIFF *tif, source *s) {
    uint32_t count = TIFFIsTiled(tif) ? TIFFNumberOfTiles(tif) : TIFFNumberOfStrips(tif);
    uint64_t past = 0;  // where the farthest strip that leaves the file ends
    for (uint32_t i = 0; i < count && !s->failed; i++) {
        int error = 0;
        uint64_t offset = TIFFGetStrileOffsetWithErr(tif, i, &error);
        uint64_t bytes = error ? 0 : TIFFGetStrileByteCountWithErr(tif, i, &error);
        if (error) fail(s, "its strip table cannot be read");
        else if (offset > s->size || bytes > s->size - offset) {
            uint64_t end = offset > UINT64_MAX - bytes ? UINT64_MAX : offset + bytes;
            if (end > past) past = end;
        }
    }
    if (!s->failed && past > 0) {
        char text[160];
        snprintf(text, sizeof text, "its image data runs to byte %llu, past the end of the file (%zu bytes)",
                 (unsigned long long)past, s->size);
        fail(s, text);
    }
}

int tiff_rgba_header(const uint8_t *data, size_t size, uint64_t max_alloc, tiff_rgba_info *info) {
    source s;
    TIFF *tif = open_tiff(&s, data, size, max_alloc, info);
    if (tif && !s.failed) check_strips(tif, &s);
    if (tif) TIFFClose(tif);
    return tif && !s.failed ? 0 : -1;
}

// libtiff's RGBA interface premultiplies alpha (it says so of its raster); the program's pixels
// carry it straight.
static void unpremultiply(uint8_t *rgba, size_t pixels) {
    for (size_t i = 0; i < pixels; i++, rgba += 4) {
        unsigned a = rgba[3];
        if (a == 0 || a == 255) continue;
        for (int c = 0; c < 3; c++) {
            unsigned v = (rgba[c] * 255u + a / 2) / a;
            rgba[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

int tiff_rgba_decode(const uint8_t *data, size_t size, uint64_t max_alloc, uint8_t *out, size_t out_size, tiff_rgba_info *info) {
    source s;
    TIFF *tif = open_tiff(&s, data, size, max_alloc, info);
    if (!tif) return -1;
    if (!s.failed && (info->width > out_size / 4 / info->height)) fail(&s, "the image is larger than its buffer");
    char reason[1024] = "";
    TIFFRGBAImage image;
    int begun = !s.failed && TIFFRGBAImageOK(tif, reason) && TIFFRGBAImageBegin(&image, tif, 0, reason);
    if (!s.failed && !begun) fail(&s, reason[0] ? reason : "libtiff cannot read its kind of pixels");
    if (begun) {
        // Rows as stored, top first, no flip: the orientation is the caller's, turns included.
        image.req_orientation = image.orientation;
        // Each word is A<<24 | B<<16 | G<<8 | R: bytes R, G, B, A on a little-endian host, as RGBA8.
        if (!TIFFRGBAImageGet(&image, (uint32_t *)out, info->width, info->height)) fail(&s, "libtiff could not decode it");
        TIFFRGBAImageEnd(&image);
    }
    TIFFClose(tif);
    if (!s.failed) unpremultiply(out, (size_t)info->width * info->height);
    return s.failed ? -1 : 0;
}
