#include "CPNGRead.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp, which must not cross Swift frames: it stays in this file.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    png_rgba_info *info;
    int has_error;
    int rows_done;
} source;

static void keep(png_rgba_info *info, const char *text) {
    strncpy(info->message, text, sizeof info->message - 1);
    info->message[sizeof info->message - 1] = 0;
}

static void on_error(png_structp png, png_const_charp text) {
    source *s = png_get_error_ptr(png);
    if (!s->has_error) keep(s->info, text);  // the first reason: later ones follow from it
    s->has_error = 1;
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    source *s = png_get_error_ptr(png);
    if (!s->has_error && s->info->message[0] == 0) keep(s->info, text);
}

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    source *s = png_get_io_ptr(png);
    if (count > s->size - s->offset) png_error(png, "the file ends early");
    memcpy(out, s->data + s->offset, count);
    s->offset += count;
}

static void setup(source *s, const uint8_t *data, size_t size, png_rgba_info *info) {
    memset(s, 0, sizeof *s);
    s->data = data;
    s->size = size;
    s->info = info;
    info->message[0] = 0;
    info->width = info->height = 0;
}

// `s` is on the heap, not in this frame: what the callbacks change must survive the longjmp.
static int read_png(source *s, uint8_t *out, size_t out_size) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        keep(s->info, "libpng could not start");
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        // Every row is in: what went wrong after the image data (a missing IEND, a bad chunk
        // behind it) costs the picture nothing, as browsers and libpng's own tools show it.
        return s->rows_done ? 0 : -1;
    }
    png_set_read_fn(png, s, read_bytes);
    // Width and height are checked against the caller's limits before any pixel is allocated.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    // What the pixels do not need is not read: text (up to 999 chunks of 8 MB each, inflated,
    // in a hostile file), palettes suggested, EXIF and the profile, which the caller reads itself.
    static const png_byte unused[] = "tEXt\0zTXt\0iTXt\0sPLT\0eXIf\0iCCP\0tIME\0hIST\0pCAL\0sCAL\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, unused, (int)(sizeof unused / 5));
    png_set_chunk_malloc_max(png, 1 << 20);
    png_set_chunk_cache_max(png, 128);
    png_read_info(png, info);
    s->info->width = png_get_image_width(png, info);
    s->info->height = png_get_image_height(png, info);
    if (!out) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (s->info->width > out_size / 4 / s->info->height) png_error(png, "the image is larger than its buffer");
    int colour = png_get_color_type(png, info);
    png_set_expand(png);  // palette to RGB, grey below 8 bits to 8, tRNS to alpha
    if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(colour & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t row_bytes = (size_t)s->info->width * 4;
    if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row layout");
    // Row by row, each pass over the same rows: no table of row pointers (8 bytes a row, more
    // than the pixels for a one-pixel-wide image).
    for (int pass = 0; pass < passes; pass++)
        for (uint32_t y = 0; y < s->info->height; y++) png_read_row(png, out + (size_t)y * row_bytes, NULL);
    s->rows_done = 1;
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

static int run(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, png_rgba_info *info) {
    source *s = malloc(sizeof(source));
    if (!s) return -1;
    setup(s, data, size, info);
    int status = read_png(s, out, out_size);
    free(s);
    return status;
}

int png_rgba_header(const uint8_t *data, size_t size, png_rgba_info *info) {
    return run(data, size, NULL, 0, info);
}

int png_rgba_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, png_rgba_info *info) {
    return run(data, size, out, out_size, info);
}
