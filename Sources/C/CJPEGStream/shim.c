#include "CJPEGStream.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// Files built to burn CPU carry hundreds of scans; libjpeg-turbo's TJFLAG_LIMITSCANS stops at 500.
#define MAX_SCANS 500

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} stream_error;

typedef struct {
    struct jpeg_source_mgr pub;
    size_t skip;  // bytes libjpeg asked to skip past what had arrived
} stream_source;

struct jpeg_stream {
    struct jpeg_decompress_struct cinfo;
    stream_error error;
    stream_source source;
    size_t consumed;
    int phase;  // 0 header, 1 start, 2 scans, 3 end, -1 failed
    int completed;
    int reported;
    int output_open;  // an output pass whose jpeg_finish_output waits for bytes
};

static void on_error(j_common_ptr cinfo) {
    stream_error *e = (stream_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

// Warnings (corrupt data that libjpeg works around) are not printed: the final decode reports.
static void on_message(j_common_ptr cinfo) { (void)cinfo; }

static void init_source(j_decompress_ptr cinfo) { (void)cinfo; }
static boolean fill_input_buffer(j_decompress_ptr cinfo) { (void)cinfo; return FALSE; }  // suspend
static void term_source(j_decompress_ptr cinfo) { (void)cinfo; }

static void skip_input_data(j_decompress_ptr cinfo, long count) {
    stream_source *s = (stream_source *)cinfo->src;
    if (count <= 0) return;
    if ((size_t)count <= s->pub.bytes_in_buffer) {
        s->pub.next_input_byte += count;
        s->pub.bytes_in_buffer -= (size_t)count;
    } else {
        s->skip += (size_t)count - s->pub.bytes_in_buffer;
        s->pub.next_input_byte += s->pub.bytes_in_buffer;
        s->pub.bytes_in_buffer = 0;
    }
}

jpeg_stream *jpeg_stream_create(void) {
    jpeg_stream *s = calloc(1, sizeof(jpeg_stream));
    if (!s) return NULL;
    s->cinfo.err = jpeg_std_error(&s->error.pub);
    s->error.pub.error_exit = on_error;
    s->error.pub.output_message = on_message;
    if (setjmp(s->error.jump)) {
        jpeg_destroy_decompress(&s->cinfo);
        free(s);
        return NULL;
    }
    jpeg_create_decompress(&s->cinfo);
    s->source.pub.init_source = init_source;
    s->source.pub.fill_input_buffer = fill_input_buffer;
    s->source.pub.skip_input_data = skip_input_data;
    s->source.pub.resync_to_restart = jpeg_resync_to_restart;
    s->source.pub.term_source = term_source;
    s->cinfo.src = &s->source.pub;
    return s;
}

void jpeg_stream_destroy(jpeg_stream *s) {
    if (!s) return;
    jpeg_destroy_decompress(&s->cinfo);
    free(s);
}

/// Scans that can be drawn without waiting for input: complete, and followed by the next scan's
/// start. Block smoothing reads two rows of the next scan's DC values ahead, so the output pass of
/// a scan whose successor has not begun would stop for bytes.
static int shown_scans(const jpeg_stream *s) {
    if (s->phase == 3) return s->completed;
    int next_started = s->cinfo.input_scan_number - 1;
    return s->completed < next_started ? s->completed : next_started;
}

static int fail(jpeg_stream *s, const char *message) {
    snprintf(s->error.message, sizeof s->error.message, "%s", message);
    s->phase = -1;
    return JPEG_STREAM_ERROR;
}

static void point_source(jpeg_stream *s, const uint8_t *data, size_t length) {
    size_t skip = s->source.skip < length - s->consumed ? s->source.skip : length - s->consumed;
    s->consumed += skip;
    s->source.skip -= skip;
    s->source.pub.next_input_byte = data + s->consumed;
    s->source.pub.bytes_in_buffer = length - s->consumed;
}

int jpeg_stream_advance(jpeg_stream *s, const uint8_t *data, size_t length) {
    if (s->phase < 0) return JPEG_STREAM_ERROR;
    if (s->phase == 3) return JPEG_STREAM_END;
    if (length < s->consumed) return fail(s, "the stream got shorter");
    point_source(s, data, length);
    int result = JPEG_STREAM_NEEDS_BYTES;
    if (setjmp(s->error.jump)) {
        s->phase = -1;
        return JPEG_STREAM_ERROR;
    }
    // Finishing an output pass reads on to the next scan's start, which may not have come yet.
    if (s->output_open) {
        if (!jpeg_finish_output(&s->cinfo)) goto done;
        s->output_open = 0;
    }
    if (s->phase == 0) {
        if (jpeg_read_header(&s->cinfo, TRUE) == JPEG_SUSPENDED) goto done;
        if (!jpeg_has_multiple_scans(&s->cinfo) || (s->cinfo.num_components != 1 && s->cinfo.num_components != 3)) {
            s->phase = -1;
            result = JPEG_STREAM_BASELINE;
            goto done;
        }
        s->cinfo.buffered_image = TRUE;
        s->cinfo.out_color_space = JCS_EXT_RGBA;
        s->cinfo.dct_method = JDCT_ISLOW;
        s->phase = 1;
        result = JPEG_STREAM_HEADER;
        goto done;
    }
    if (s->phase == 1) {
        if (!jpeg_start_decompress(&s->cinfo)) goto done;
        s->phase = 2;
    }
    for (;;) {
        int status = jpeg_consume_input(&s->cinfo);
        if (status == JPEG_SUSPENDED) break;
        if (status == JPEG_SCAN_COMPLETED) {
            s->completed = s->cinfo.input_scan_number;
            if (s->completed > MAX_SCANS) {
                s->consumed = (size_t)(s->source.pub.next_input_byte - data);
                return fail(s, "it has more than 500 scans");
            }
        }
        if (status == JPEG_REACHED_EOI) {
            s->phase = 3;
            break;
        }
    }
    if (s->phase == 3) result = JPEG_STREAM_END;
    else if (shown_scans(s) > s->reported) result = JPEG_STREAM_SCAN;
    s->reported = shown_scans(s);
done:
    s->consumed = (size_t)(s->source.pub.next_input_byte - data);
    return result;
}

int jpeg_stream_width(const jpeg_stream *s) { return (int)s->cinfo.image_width; }
int jpeg_stream_height(const jpeg_stream *s) { return (int)s->cinfo.image_height; }
size_t jpeg_stream_coefficient_bytes(const jpeg_stream *s) {
    if (s->phase < 1) return 0;
    size_t total = 0;
    for (int i = 0; i < s->cinfo.num_components; i++) {
        const jpeg_component_info *c = &s->cinfo.comp_info[i];
        total += (size_t)c->width_in_blocks * c->height_in_blocks * DCTSIZE2 * sizeof(JCOEF);
    }
    return total;
}

int jpeg_stream_completed_scans(const jpeg_stream *s) { return s->phase >= 2 ? shown_scans(s) : 0; }

void jpeg_stream_set_scale(jpeg_stream *s, int denominator) {
    s->cinfo.scale_num = 1;
    s->cinfo.scale_denom = (unsigned)denominator;
}

int jpeg_stream_output_width(const jpeg_stream *s) { return s->phase >= 2 ? (int)s->cinfo.output_width : 0; }
int jpeg_stream_output_height(const jpeg_stream *s) { return s->phase >= 2 ? (int)s->cinfo.output_height : 0; }

int jpeg_stream_render(jpeg_stream *s, const uint8_t *data, size_t length, uint8_t *rgba, size_t stride) {
    int scan = shown_scans(s);
    if (s->phase != 2 || scan <= 0 || length < s->consumed) return -1;
    point_source(s, data, length);
    int result = -1;
    if (setjmp(s->error.jump)) {
        s->phase = -1;
        return -1;
    }
    if (s->output_open) {
        if (!jpeg_finish_output(&s->cinfo)) goto done;
        s->output_open = 0;
    }
    if (!jpeg_start_output(&s->cinfo, scan)) goto done;
    while (s->cinfo.output_scanline < s->cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)s->cinfo.output_scanline * stride;
        if (jpeg_read_scanlines(&s->cinfo, &row, 1) != 1) break;
    }
    if (s->cinfo.output_scanline == s->cinfo.output_height) result = 0;
    s->output_open = !jpeg_finish_output(&s->cinfo);
done:
    s->consumed = (size_t)(s->source.pub.next_input_byte - data);
    return result;
}

const char *jpeg_stream_error(const jpeg_stream *s) { return s->error.message; }
