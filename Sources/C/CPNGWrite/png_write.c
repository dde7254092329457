#include "CPNGWrite.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// libpng reports errors by longjmp, which must not cross Swift frames: it stays in this file.
typedef struct {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    char *message;
    size_t message_size;
} sink;

static void on_error(png_structp png, png_const_charp text) {
    sink *s = png_get_error_ptr(png);
    if (s->message_size > 0) {
        strncpy(s->message, text, s->message_size - 1);
        s->message[s->message_size - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void write_bytes(png_structp png, png_bytep data, size_t count) {
    sink *s = png_get_io_ptr(png);
    if (count > s->capacity - s->length) {
        size_t capacity = s->capacity * 2 > s->length + count ? s->capacity * 2 : s->length + count;
        uint8_t *grown = realloc(s->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        s->bytes = grown;
        s->capacity = capacity;
    }
    memcpy(s->bytes + s->length, data, count);
    s->length += count;
}

static void flush_bytes(png_structp png) { (void)png; }

int png_fast_write(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **out, size_t *length, char *message, size_t message_size) {
    if (message_size > 0) message[0] = 0;
    if (width <= 0 || height <= 0 || (channels != 3 && channels != 4)) {
        if (message_size > 0) {
            strncpy(message, "no pixels to write", message_size - 1);
            message[message_size - 1] = 0;
        }
        return -1;
    }
    // On the heap, not in this frame: what the callbacks change must survive the longjmp.
    sink *s = calloc(1, sizeof(sink));
    if (!s) return -1;
    s->message = message;
    s->message_size = message_size;
    s->capacity = (size_t)width * (size_t)height * (size_t)channels / 2 + 1024;
    s->bytes = malloc(s->capacity);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, s, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!s->bytes || !png || !info) {
        if (png) png_destroy_write_struct(&png, &info);
        free(s->bytes);
        free(s);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(s->bytes);
        free(s);
        return -1;
    }
    png_set_write_fn(png, s, write_bytes, flush_bytes);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    // A photo has few repeated strings for zlib to find; the Sub filter turns its smooth runs
    // into small numbers that Huffman coding alone packs well.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_HUFFMAN_ONLY);
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = s->bytes;
    *length = s->length;
    free(s);
    return 0;
}

void png_fast_free(uint8_t *bytes) { free(bytes); }
