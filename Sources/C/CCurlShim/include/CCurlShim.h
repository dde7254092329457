// Typed, non-variadic entry points for libcurl's variadic calls, which Swift cannot call.
// Each function forwards to curl_easy_setopt / curl_multi_setopt / curl_easy_getinfo with one
// argument of a fixed type and returns curl's own result code unchanged.
// Also the one call of the network thread that Swift's Glibc module does not export.
#pragma once
#include <curl/curl.h>

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*sdlphoto_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// CURLOPT_XFERINFOFUNCTION callback.
typedef int (*sdlphoto_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                               curl_off_t upload_total, curl_off_t upload_now);

CURLcode sdlphoto_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode sdlphoto_easy_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value);
CURLcode sdlphoto_easy_setopt_string(CURL *easy, CURLoption option, const char *value);
CURLcode sdlphoto_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);
CURLcode sdlphoto_easy_setopt_data_callback(CURL *easy, CURLoption option, sdlphoto_curl_data_callback callback);
CURLcode sdlphoto_easy_setopt_progress_callback(CURL *easy, sdlphoto_curl_progress_callback callback);

CURLMcode sdlphoto_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

CURLcode sdlphoto_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode sdlphoto_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value);
CURLcode sdlphoto_easy_getinfo_string(CURL *easy, CURLINFO info, const char **value);

/// The easy handle and result of a finished transfer from curl_multi_info_read; returns 0 when the
/// queue is empty (or holds only messages other than CURLMSG_DONE, which are skipped).
int sdlphoto_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

/// pthread_setname_np on the calling thread (a GNU extension); returns its result (0 or an errno
/// value; ERANGE for a name over 15 bytes).
int sdlphoto_name_current_thread(const char *name);
