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

static struct {
    int loaded;
    struct wl_display *(*connect)(const char *);
    void (*disconnect)(struct wl_display *);
    struct wl_proxy *(*marshal_flags)(struct wl_proxy *, uint32_t, const struct wl_interface *, uint32_t, uint32_t, ...);
    int (*add_listener)(struct wl_proxy *, void (**)(void), void *);
    void (*destroy_proxy)(struct wl_proxy *);
    uint32_t (*proxy_version)(struct wl_proxy *);
    int (*roundtrip)(struct wl_display *);
    const struct wl_interface *registry_interface;
    const struct wl_interface *output_interface;
} wl;

static int load_wayland(void) {
    if (wl.loaded) return wl.loaded > 0;
    wl.loaded = -1;
    void *lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
#define FIND(field, symbol) if (!(*(void **)&wl.field = dlsym(lib, symbol))) return 0
    FIND(connect, "wl_display_connect");
    FIND(disconnect, "wl_display_disconnect");
    FIND(marshal_flags, "wl_proxy_marshal_flags");
    FIND(add_listener, "wl_proxy_add_listener");
    FIND(destroy_proxy, "wl_proxy_destroy");
    FIND(proxy_version, "wl_proxy_get_version");
    FIND(roundtrip, "wl_display_roundtrip");
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

enum { DISPLAY_GET_REGISTRY = 1, REGISTRY_BIND = 0, OUTPUT_RELEASE = 0, MANAGER_GET_OUTPUT_POWER = 0, MANAGER_DESTROY = 1 };
enum { POWER_SET_MODE = 0, POWER_DESTROY = 1, MARSHAL_DESTROY = 1, MAX_OUTPUTS = 16 };

struct output {
    struct wl_proxy *output;
    uint32_t version;
    struct wl_proxy *power;
    int mode;    // as last reported: 0 off, 1 on, -1 not yet
    int failed;  // the compositor said this output's power cannot be controlled now
};

struct session {
    struct wl_display *display;
    struct wl_proxy *registry;
    struct wl_proxy *manager;
    struct output outputs[MAX_OUTPUTS];
    int count;
};

static void global(void *data, struct wl_proxy *registry, uint32_t name, const char *interface, uint32_t version) {
    struct session *session = data;
    if (strcmp(interface, "wl_output") == 0 && session->count < MAX_OUTPUTS) {
        uint32_t bound = version < 3 ? version : 3;
        struct wl_proxy *output = wl.marshal_flags(registry, REGISTRY_BIND, wl.output_interface, bound, 0, name, interface, bound, NULL);
        if (output) session->outputs[session->count++] = (struct output){output, bound, NULL, -1, 0};
    } else if (strcmp(interface, manager_interface.name) == 0 && !session->manager) {
        session->manager = wl.marshal_flags(registry, REGISTRY_BIND, &manager_interface, 1, 0, name, interface, 1u, NULL);
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

// wl_output has a release request from version 3; before it the proxy is only let go here.
static void release(struct output *output) {
    if (output->power) wl.marshal_flags(output->power, POWER_DESTROY, NULL, 1, MARSHAL_DESTROY);
    if (output->version >= 3) wl.marshal_flags(output->output, OUTPUT_RELEASE, NULL, output->version, MARSHAL_DESTROY);
    else wl.destroy_proxy(output->output);
}

static void end(struct session *session) {
    for (int i = 0; i < session->count; i++) release(&session->outputs[i]);
    if (session->manager) wl.marshal_flags(session->manager, MANAGER_DESTROY, NULL, 1, MARSHAL_DESTROY);
    if (session->registry) wl.destroy_proxy(session->registry);
}

// Every output asked reports `on`: DONE; one refused: BUSY; else NOT_APPLIED.
static int outcome(const struct session *session, int on) {
    int settled = 1;
    for (int i = 0; i < session->count; i++) {
        if (session->outputs[i].failed) return SDLPHOTO_POWER_BUSY;
        if (session->outputs[i].mode != on) settled = 0;
    }
    return settled ? SDLPHOTO_POWER_DONE : SDLPHOTO_POWER_NOT_APPLIED;
}

int sdlphoto_output_power_switch(int output_index, int on, int *outputs, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    if (outputs) *outputs = 0;
    on = on ? 1 : 0;
    if (!load_wayland()) return *why = "libwayland-client 1.20 or later could not be opened", SDLPHOTO_POWER_FAILED;
    get_output_power_types[0] = &sdlphoto_zwlr_output_power_v1_interface;
    get_output_power_types[1] = wl.output_interface;
    // A connection of its own: outputs bound on SDL's would be announced to SDL's surface too.
    struct session session = {0};
    session.display = wl.connect(NULL);
    if (!session.display) return *why = "the compositor could not be reached (WAYLAND_DISPLAY)", SDLPHOTO_POWER_FAILED;
    session.registry = wl.marshal_flags((struct wl_proxy *)session.display, DISPLAY_GET_REGISTRY, wl.registry_interface,
                                        wl.proxy_version((struct wl_proxy *)session.display), 0, NULL);
    int result = SDLPHOTO_POWER_FAILED;
    *why = "the Wayland connection failed";
    if (!session.registry) goto done;
    wl.add_listener(session.registry, registry_listener, &session);
    if (wl.roundtrip(session.display) < 0) goto done;
    if (!session.manager) {
        *why = "the compositor offers no output power control (zwlr_output_power_manager_v1)";
        goto done;
    }
    if (session.count == 0) {
        *why = "the compositor announces no output";
        goto done;
    }
    // The window's output alone when it is known.
    if (output_index >= 0 && output_index < session.count) {
        for (int i = 0; i < session.count; i++)
            if (i != output_index) release(&session.outputs[i]);
        session.outputs[0] = session.outputs[output_index];
        session.count = 1;
    }
    if (outputs) *outputs = session.count;
    for (int i = 0; i < session.count; i++) {
        struct output *output = &session.outputs[i];
        output->power = wl.marshal_flags(session.manager, MANAGER_GET_OUTPUT_POWER, &sdlphoto_zwlr_output_power_v1_interface, 1, 0, NULL, output->output);
        if (output->power) wl.add_listener(output->power, power_listener, output);
        else output->failed = 1;
    }
    // The compositor answers each with its mode, or `failed` when another client controls it.
    if (wl.roundtrip(session.display) < 0) goto done;
    if ((result = outcome(&session, on)) == SDLPHOTO_POWER_BUSY) goto done;
    for (int i = 0; i < session.count; i++) wl.marshal_flags(session.outputs[i].power, POWER_SET_MODE, NULL, 1, 0, (uint32_t)on);
    // A compositor may apply the mode after the request's round trip: a few more are waited for.
    for (int attempt = 0; attempt < 4; attempt++) {
        if (wl.roundtrip(session.display) < 0) {
            result = SDLPHOTO_POWER_FAILED;
            goto done;
        }
        if ((result = outcome(&session, on)) != SDLPHOTO_POWER_NOT_APPLIED) break;
    }
done:
    end(&session);
    wl.disconnect(session.display);
    return result;
}
