#include "COutputPower.h"
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// libwayland-client's ABI, declared here so that building needs no Wayland headers and running
// needs the library only when a Wayland session asks for the display to go off.
struct wl_message {
    const char *name;
    const char *signature;
    const struct wl_interface **types;
};
struct wl_interface {
    const char *name;
    int version;
    int method_count;
    const struct wl_message *methods;
    int event_count;
    const struct wl_message *events;
};
struct wl_proxy;
struct wl_display;
struct wl_event_queue;

static struct {
    int loaded;
    struct wl_event_queue *(*create_queue)(struct wl_display *);
    void (*destroy_queue)(struct wl_event_queue *);
    void *(*create_wrapper)(void *);
    void (*destroy_wrapper)(void *);
    void (*set_queue)(struct wl_proxy *, struct wl_event_queue *);
    struct wl_proxy *(*marshal_flags)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy_proxy)(struct wl_proxy *);
    uint32_t (*proxy_version)(struct wl_proxy *);
    int (*roundtrip_queue)(struct wl_display *, struct wl_event_queue *);
    const struct wl_interface *registry_interface;
    const struct wl_interface *output_interface;
} wl;

static int load_wayland(void) {
    if (wl.loaded) return wl.loaded > 0;
    wl.loaded = -1;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
#define FIND(field, symbol) if (!(*(void **)&wl.field = dlsym(lib, symbol))) return 0
    FIND(create_queue, "wl_display_create_queue");
    FIND(destroy_queue, "wl_event_queue_destroy");
    FIND(create_wrapper, "wl_proxy_create_wrapper");
    FIND(destroy_wrapper, "wl_proxy_wrapper_destroy");
    FIND(set_queue, "wl_proxy_set_queue");
    FIND(marshal_flags, "wl_proxy_marshal_flags");
    FIND(add_listener, "wl_proxy_add_listener");
    FIND(destroy_proxy, "wl_proxy_destroy");
    FIND(proxy_version, "wl_proxy_get_version");
    FIND(roundtrip_queue, "wl_display_roundtrip_queue");
    FIND(registry_interface, "wl_registry_interface");
    FIND(output_interface, "wl_output_interface");
#undef FIND
    wl.loaded = 1;
    return 1;
}

// The protocol's two interfaces, as its description gives them (version 1).
extern const struct wl_interface sdlphoto_zwlr_output_power_v1_interface;
static const struct wl_interface *get_output_power_types[2];
static const struct wl_interface *no_types[1] = {NULL};
static const struct wl_message manager_requests[] = {
    {"get_output_power", "no", get_output_power_types},
    {"destroy", "", no_types},
};
static const struct wl_interface manager_interface = {"zwlr_output_power_manager_v1", 1, 2, manager_requests, 0, NULL};
static const struct wl_message power_requests[] = {
    {"set_mode", "u", no_types},
    {"destroy", "", no_types},
};
static const struct wl_message power_events[] = {
    {"mode", "u", no_types},
    {"failed", "", no_types},
};
const struct wl_interface sdlphoto_zwlr_output_power_v1_interface = {"zwlr_output_power_v1", 1, 2, power_requests, 2, power_events};

enum { DISPLAY_GET_REGISTRY = 1, REGISTRY_BIND = 0, MANAGER_GET_OUTPUT_POWER = 0, MANAGER_DESTROY = 1, POWER_SET_MODE = 0, POWER_DESTROY = 1 };
enum { MARSHAL_DESTROY = 1 };
enum { MAX_OUTPUTS = 16 };

struct output {
    struct wl_proxy *output;
    struct wl_proxy *power;
    int mode;    // as last reported: 0 off, 1 on, -1 not yet
    int failed;  // the compositor said the output's power cannot be changed
};

struct sdlphoto_output_power {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_proxy *registry;
    struct wl_proxy *manager;
    struct output outputs[MAX_OUTPUTS];
    int count;
};

static void global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    sdlphoto_output_power *power = data;
    if (strcmp(interface, "wl_output") == 0 && power->count < MAX_OUTPUTS) {
        uint32_t bound = version < 3 ? version : 3;
        struct wl_proxy *output = wl.marshal_flags(registry, REGISTRY_BIND, wl.output_interface, bound, 0, name, interface, bound, NULL);
        if (output) power->outputs[power->count++] = (struct output){output, NULL, -1, 0};
    } else if (strcmp(interface, manager_interface.name) == 0 && !power->manager) {
        power->manager = wl.marshal_flags(registry, REGISTRY_BIND, &manager_interface, 1, 0, name, interface, 1u, NULL);
    }
}

static void global_remove(void *data, struct wl_proxy *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static void (*registry_listener[])(void) = {(void (*)(void))global, (void (*)(void))global_remove};

static void mode(void *data, struct wl_proxy *proxy, uint32_t mode) {
    (void)proxy;
    ((struct output *)data)->mode = (int)mode;
}

static void failed(void *data, struct wl_proxy *proxy) {
    (void)proxy;
    ((struct output *)data)->failed = 1;
}

static void (*power_listener[])(void) = {(void (*)(void))mode, (void (*)(void))failed};

sdlphoto_output_power *sdlphoto_output_power_open(void *wl_display, int output_index, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    if (!wl_display) return *why = "not a Wayland window", NULL;
    if (!load_wayland()) return *why = "libwayland-client could not be opened", NULL;
    get_output_power_types[0] = &sdlphoto_zwlr_output_power_v1_interface;
    get_output_power_types[1] = wl.output_interface;
    sdlphoto_output_power *power = calloc(1, sizeof *power);
    if (!power) return *why = "out of memory", NULL;
    power->display = wl_display;
    power->queue = wl.create_queue(power->display);
    void *wrapper = wl.create_wrapper(wl_display);
    if (!power->queue || !wrapper) {
        if (wrapper) wl.destroy_wrapper(wrapper);
        sdlphoto_output_power_close(power);
        return *why = "the Wayland connection failed", NULL;
    }
    wl.set_queue(wrapper, power->queue);
    power->registry = wl.marshal_flags(wrapper, DISPLAY_GET_REGISTRY, wl.registry_interface, wl.proxy_version(wrapper), 0, NULL);
    wl.destroy_wrapper(wrapper);
    if (power->registry) wl.add_listener(power->registry, registry_listener, power);
    if (!power->registry || wl.roundtrip_queue(power->display, power->queue) < 0) {
        sdlphoto_output_power_close(power);
        return *why = "the Wayland connection failed", NULL;
    }
    if (!power->manager || power->count == 0) {
        *why = power->manager ? "the compositor announces no output" : "the compositor offers no output power control (zwlr_output_power_manager_v1)";
        sdlphoto_output_power_close(power);
        return NULL;
    }
    // One output when the window's is known; the others are let go.
    if (output_index >= 0 && output_index < power->count) {
        struct output chosen = power->outputs[output_index];
        for (int i = 0; i < power->count; i++)
            if (i != output_index) wl.destroy_proxy(power->outputs[i].output);
        power->outputs[0] = chosen;
        power->count = 1;
    }
    for (int i = 0; i < power->count; i++) {
        struct output *output = &power->outputs[i];
        output->power = wl.marshal_flags(power->manager, MANAGER_GET_OUTPUT_POWER, &sdlphoto_zwlr_output_power_v1_interface, 1, 0, NULL, output->output);
        if (output->power) wl.add_listener(output->power, power_listener, output);
    }
    // The compositor says each output's mode at once.
    wl.roundtrip_queue(power->display, power->queue);
    return power;
}

int sdlphoto_output_power_set(sdlphoto_output_power *power, int on) {
    if (!power) return -1;
    for (int i = 0; i < power->count; i++) {
        struct output *output = &power->outputs[i];
        if (!output->power || output->failed) continue;
        wl.marshal_flags(output->power, POWER_SET_MODE, NULL, 1, 0, (uint32_t)(on ? 1 : 0));
    }
    // A compositor may apply the mode after the request's round trip: a few more are waited for.
    for (int attempt = 0; attempt < 4; attempt++) {
        if (wl.roundtrip_queue(power->display, power->queue) < 0) return -1;
        int settled = 1, refused = 0;
        for (int i = 0; i < power->count; i++) {
            const struct output *output = &power->outputs[i];
            if (!output->power || output->failed) refused = 1;
            else if (output->mode != (on ? 1 : 0)) settled = 0;
        }
        if (refused) return 0;
        if (settled) return 1;
    }
    return 0;
}

int sdlphoto_output_power_count(const sdlphoto_output_power *power) { return power ? power->count : 0; }

void sdlphoto_output_power_close(sdlphoto_output_power *power) {
    if (!power) return;
    for (int i = 0; i < power->count; i++) {
        if (power->outputs[i].power) wl.marshal_flags(power->outputs[i].power, POWER_DESTROY, NULL, 1, MARSHAL_DESTROY);
        if (power->outputs[i].output) wl.destroy_proxy(power->outputs[i].output);
    }
    if (power->manager) wl.marshal_flags(power->manager, MANAGER_DESTROY, NULL, 1, MARSHAL_DESTROY);
    if (power->registry) wl.destroy_proxy(power->registry);
    if (power->queue) wl.destroy_queue(power->queue);
    free(power);
}
