// Made by scripts/lazy-libraries from <libheif/heif.h>: run it again rather than edit.
// libheif.so.1 is opened on the first call of one of these functions, not at launch.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <libheif/heif.h>

#if !((LIBHEIF_NUMERIC_VERSION >> 24) == 1)
#error "these headers are not those of libheif.so.1: run scripts/lazy-libraries again"
#endif

#define UNAVAILABLE "libheif.so.1 cannot be loaded"

static struct {
    __typeof__(heif_context_alloc) *heif_context_alloc;
    __typeof__(heif_context_free) *heif_context_free;
    __typeof__(heif_context_get_primary_image_handle) *heif_context_get_primary_image_handle;
    __typeof__(heif_context_read_from_memory_without_copy) *heif_context_read_from_memory_without_copy;
    __typeof__(heif_context_set_maximum_image_size_limit) *heif_context_set_maximum_image_size_limit;
    __typeof__(heif_decode_image) *heif_decode_image;
    __typeof__(heif_decoding_options_alloc) *heif_decoding_options_alloc;
    __typeof__(heif_decoding_options_free) *heif_decoding_options_free;
    __typeof__(heif_image_get_height) *heif_image_get_height;
    __typeof__(heif_image_get_plane_readonly) *heif_image_get_plane_readonly;
    __typeof__(heif_image_get_width) *heif_image_get_width;
    __typeof__(heif_image_handle_get_color_profile_type) *heif_image_handle_get_color_profile_type;
    __typeof__(heif_image_handle_get_height) *heif_image_handle_get_height;
    __typeof__(heif_image_handle_get_list_of_metadata_block_IDs) *heif_image_handle_get_list_of_metadata_block_IDs;
    __typeof__(heif_image_handle_get_list_of_thumbnail_IDs) *heif_image_handle_get_list_of_thumbnail_IDs;
    __typeof__(heif_image_handle_get_metadata) *heif_image_handle_get_metadata;
    __typeof__(heif_image_handle_get_metadata_size) *heif_image_handle_get_metadata_size;
    __typeof__(heif_image_handle_get_nclx_color_profile) *heif_image_handle_get_nclx_color_profile;
    __typeof__(heif_image_handle_get_number_of_thumbnails) *heif_image_handle_get_number_of_thumbnails;
    __typeof__(heif_image_handle_get_raw_color_profile) *heif_image_handle_get_raw_color_profile;
    __typeof__(heif_image_handle_get_raw_color_profile_size) *heif_image_handle_get_raw_color_profile_size;
    __typeof__(heif_image_handle_get_thumbnail) *heif_image_handle_get_thumbnail;
    __typeof__(heif_image_handle_get_width) *heif_image_handle_get_width;
    __typeof__(heif_image_handle_release) *heif_image_handle_release;
    __typeof__(heif_image_release) *heif_image_release;
    __typeof__(heif_init) *heif_init;
    __typeof__(heif_nclx_color_profile_free) *heif_nclx_color_profile_free;
} real;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    real.heif_context_alloc = (__typeof__(heif_context_alloc) *)dlsym(library, "heif_context_alloc");
    real.heif_context_free = (__typeof__(heif_context_free) *)dlsym(library, "heif_context_free");
    real.heif_context_get_primary_image_handle = (__typeof__(heif_context_get_primary_image_handle) *)dlsym(library, "heif_context_get_primary_image_handle");
    real.heif_context_read_from_memory_without_copy = (__typeof__(heif_context_read_from_memory_without_copy) *)dlsym(library, "heif_context_read_from_memory_without_copy");
    real.heif_context_set_maximum_image_size_limit = (__typeof__(heif_context_set_maximum_image_size_limit) *)dlsym(library, "heif_context_set_maximum_image_size_limit");
    real.heif_decode_image = (__typeof__(heif_decode_image) *)dlsym(library, "heif_decode_image");
    real.heif_decoding_options_alloc = (__typeof__(heif_decoding_options_alloc) *)dlsym(library, "heif_decoding_options_alloc");
    real.heif_decoding_options_free = (__typeof__(heif_decoding_options_free) *)dlsym(library, "heif_decoding_options_free");
    real.heif_image_get_height = (__typeof__(heif_image_get_height) *)dlsym(library, "heif_image_get_height");
    real.heif_image_get_plane_readonly = (__typeof__(heif_image_get_plane_readonly) *)dlsym(library, "heif_image_get_plane_readonly");
    real.heif_image_get_width = (__typeof__(heif_image_get_width) *)dlsym(library, "heif_image_get_width");
    real.heif_image_handle_get_color_profile_type = (__typeof__(heif_image_handle_get_color_profile_type) *)dlsym(library, "heif_image_handle_get_color_profile_type");
    real.heif_image_handle_get_height = (__typeof__(heif_image_handle_get_height) *)dlsym(library, "heif_image_handle_get_height");
    real.heif_image_handle_get_list_of_metadata_block_IDs = (__typeof__(heif_image_handle_get_list_of_metadata_block_IDs) *)dlsym(library, "heif_image_handle_get_list_of_metadata_block_IDs");
    real.heif_image_handle_get_list_of_thumbnail_IDs = (__typeof__(heif_image_handle_get_list_of_thumbnail_IDs) *)dlsym(library, "heif_image_handle_get_list_of_thumbnail_IDs");
    real.heif_image_handle_get_metadata = (__typeof__(heif_image_handle_get_metadata) *)dlsym(library, "heif_image_handle_get_metadata");
    real.heif_image_handle_get_metadata_size = (__typeof__(heif_image_handle_get_metadata_size) *)dlsym(library, "heif_image_handle_get_metadata_size");
    real.heif_image_handle_get_nclx_color_profile = (__typeof__(heif_image_handle_get_nclx_color_profile) *)dlsym(library, "heif_image_handle_get_nclx_color_profile");
    real.heif_image_handle_get_number_of_thumbnails = (__typeof__(heif_image_handle_get_number_of_thumbnails) *)dlsym(library, "heif_image_handle_get_number_of_thumbnails");
    real.heif_image_handle_get_raw_color_profile = (__typeof__(heif_image_handle_get_raw_color_profile) *)dlsym(library, "heif_image_handle_get_raw_color_profile");
    real.heif_image_handle_get_raw_color_profile_size = (__typeof__(heif_image_handle_get_raw_color_profile_size) *)dlsym(library, "heif_image_handle_get_raw_color_profile_size");
    real.heif_image_handle_get_thumbnail = (__typeof__(heif_image_handle_get_thumbnail) *)dlsym(library, "heif_image_handle_get_thumbnail");
    real.heif_image_handle_get_width = (__typeof__(heif_image_handle_get_width) *)dlsym(library, "heif_image_handle_get_width");
    real.heif_image_handle_release = (__typeof__(heif_image_handle_release) *)dlsym(library, "heif_image_handle_release");
    real.heif_image_release = (__typeof__(heif_image_release) *)dlsym(library, "heif_image_release");
    real.heif_init = (__typeof__(heif_init) *)dlsym(library, "heif_init");
    real.heif_nclx_color_profile_free = (__typeof__(heif_nclx_color_profile_free) *)dlsym(library, "heif_nclx_color_profile_free");
    loaded = real.heif_context_alloc && real.heif_context_free && real.heif_context_get_primary_image_handle && real.heif_context_read_from_memory_without_copy && real.heif_context_set_maximum_image_size_limit && real.heif_decode_image && real.heif_decoding_options_alloc && real.heif_decoding_options_free && real.heif_image_get_height && real.heif_image_get_plane_readonly && real.heif_image_get_width && real.heif_image_handle_get_color_profile_type && real.heif_image_handle_get_height && real.heif_image_handle_get_list_of_metadata_block_IDs && real.heif_image_handle_get_list_of_thumbnail_IDs && real.heif_image_handle_get_metadata && real.heif_image_handle_get_metadata_size && real.heif_image_handle_get_nclx_color_profile && real.heif_image_handle_get_number_of_thumbnails && real.heif_image_handle_get_raw_color_profile && real.heif_image_handle_get_raw_color_profile_size && real.heif_image_handle_get_thumbnail && real.heif_image_handle_get_width && real.heif_image_handle_release && real.heif_image_release && real.heif_init && real.heif_nclx_color_profile_free;
}

/// True once the library is open with every function here.
static int load(void) {
    pthread_once(&once, open_library);
    return loaded;
}

__typeof__(struct heif_context *) heif_context_alloc(void) {
    return load() ? real.heif_context_alloc() : NULL;
}

__typeof__(void) heif_context_free(__typeof__(struct heif_context *) a0) {
    if (load()) real.heif_context_free(a0);
}

__typeof__(struct heif_error) heif_context_get_primary_image_handle(__typeof__(struct heif_context *) a0, __typeof__(struct heif_image_handle **) a1) {
    return load() ? real.heif_context_get_primary_image_handle(a0, a1) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(struct heif_error) heif_context_read_from_memory_without_copy(__typeof__(struct heif_context *) a0, __typeof__(const void *) a1, __typeof__(size_t) a2, __typeof__(const struct heif_reading_options *) a3) {
    return load() ? real.heif_context_read_from_memory_without_copy(a0, a1, a2, a3) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(void) heif_context_set_maximum_image_size_limit(__typeof__(struct heif_context *) a0, __typeof__(int) a1) {
    if (load()) real.heif_context_set_maximum_image_size_limit(a0, a1);
}

__typeof__(struct heif_error) heif_decode_image(__typeof__(const struct heif_image_handle *) a0, __typeof__(struct heif_image **) a1, __typeof__(enum heif_colorspace) a2, __typeof__(enum heif_chroma) a3, __typeof__(const struct heif_decoding_options *) a4) {
    return load() ? real.heif_decode_image(a0, a1, a2, a3, a4) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(struct heif_decoding_options *) heif_decoding_options_alloc(void) {
    return load() ? real.heif_decoding_options_alloc() : NULL;
}

__typeof__(void) heif_decoding_options_free(__typeof__(struct heif_decoding_options *) a0) {
    if (load()) real.heif_decoding_options_free(a0);
}

__typeof__(int) heif_image_get_height(__typeof__(const struct heif_image *) a0, __typeof__(enum heif_channel) a1) {
    return load() ? real.heif_image_get_height(a0, a1) : 0;
}

__typeof__(const uint8_t *) heif_image_get_plane_readonly(__typeof__(const struct heif_image *) a0, __typeof__(enum heif_channel) a1, __typeof__(int *) a2) {
    return load() ? real.heif_image_get_plane_readonly(a0, a1, a2) : NULL;
}

__typeof__(int) heif_image_get_width(__typeof__(const struct heif_image *) a0, __typeof__(enum heif_channel) a1) {
    return load() ? real.heif_image_get_width(a0, a1) : 0;
}

__typeof__(enum heif_color_profile_type) heif_image_handle_get_color_profile_type(__typeof__(const struct heif_image_handle *) a0) {
    return load() ? real.heif_image_handle_get_color_profile_type(a0) : 0;
}

__typeof__(int) heif_image_handle_get_height(__typeof__(const struct heif_image_handle *) a0) {
    return load() ? real.heif_image_handle_get_height(a0) : 0;
}

__typeof__(int) heif_image_handle_get_list_of_metadata_block_IDs(__typeof__(const struct heif_image_handle *) a0, __typeof__(const char *) a1, __typeof__(heif_item_id *) a2, __typeof__(int) a3) {
    return load() ? real.heif_image_handle_get_list_of_metadata_block_IDs(a0, a1, a2, a3) : 0;
}

__typeof__(int) heif_image_handle_get_list_of_thumbnail_IDs(__typeof__(const struct heif_image_handle *) a0, __typeof__(heif_item_id *) a1, __typeof__(int) a2) {
    return load() ? real.heif_image_handle_get_list_of_thumbnail_IDs(a0, a1, a2) : 0;
}

__typeof__(struct heif_error) heif_image_handle_get_metadata(__typeof__(const struct heif_image_handle *) a0, __typeof__(heif_item_id) a1, __typeof__(void *) a2) {
    return load() ? real.heif_image_handle_get_metadata(a0, a1, a2) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(size_t) heif_image_handle_get_metadata_size(__typeof__(const struct heif_image_handle *) a0, __typeof__(heif_item_id) a1) {
    return load() ? real.heif_image_handle_get_metadata_size(a0, a1) : 0;
}

__typeof__(struct heif_error) heif_image_handle_get_nclx_color_profile(__typeof__(const struct heif_image_handle *) a0, __typeof__(struct heif_color_profile_nclx **) a1) {
    return load() ? real.heif_image_handle_get_nclx_color_profile(a0, a1) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(int) heif_image_handle_get_number_of_thumbnails(__typeof__(const struct heif_image_handle *) a0) {
    return load() ? real.heif_image_handle_get_number_of_thumbnails(a0) : 0;
}

__typeof__(struct heif_error) heif_image_handle_get_raw_color_profile(__typeof__(const struct heif_image_handle *) a0, __typeof__(void *) a1) {
    return load() ? real.heif_image_handle_get_raw_color_profile(a0, a1) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(size_t) heif_image_handle_get_raw_color_profile_size(__typeof__(const struct heif_image_handle *) a0) {
    return load() ? real.heif_image_handle_get_raw_color_profile_size(a0) : 0;
}

__typeof__(struct heif_error) heif_image_handle_get_thumbnail(__typeof__(const struct heif_image_handle *) a0, __typeof__(heif_item_id) a1, __typeof__(struct heif_image_handle **) a2) {
    return load() ? real.heif_image_handle_get_thumbnail(a0, a1, a2) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(int) heif_image_handle_get_width(__typeof__(const struct heif_image_handle *) a0) {
    return load() ? real.heif_image_handle_get_width(a0) : 0;
}

__typeof__(void) heif_image_handle_release(__typeof__(const struct heif_image_handle *) a0) {
    if (load()) real.heif_image_handle_release(a0);
}

__typeof__(void) heif_image_release(__typeof__(const struct heif_image *) a0) {
    if (load()) real.heif_image_release(a0);
}

__typeof__(struct heif_error) heif_init(__typeof__(struct heif_init_params *) a0) {
    return load() ? real.heif_init(a0) : (struct heif_error){heif_error_Unsupported_feature, heif_suberror_Unspecified, UNAVAILABLE};
}

__typeof__(void) heif_nclx_color_profile_free(__typeof__(struct heif_color_profile_nclx *) a0) {
    if (load()) real.heif_nclx_color_profile_free(a0);
}
