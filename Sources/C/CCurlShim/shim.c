#define _GNU_SOURCE
#include <pthread.h>
#include "CCurlShim.h"

CURLcode sdlphoto_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode sdlphoto_easy_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode sdlphoto_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode sdlphoto_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode sdlphoto_easy_setopt_data_callback(CURL *easy, CURLoption option, sdlphoto_curl_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}
CURLcode sdlphoto_easy_setopt_progress_callback(CURL *easy, sdlphoto_curl_progress_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}
CURLMcode sdlphoto_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
CURLcode sdlphoto_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}
CURLcode sdlphoto_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(easy, info, value);
}
CURLcode sdlphoto_easy_getinfo_string(CURL *easy, CURLINFO info, const char **value) {
    char *text = NULL;
    CURLcode code = curl_easy_getinfo(easy, info, &text);
    *value = text;
    return code;
}
int sdlphoto_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int remaining = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &remaining)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

int sdlphoto_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
