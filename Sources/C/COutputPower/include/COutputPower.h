#pragma once

// An output turned off and on through wlroots' output power management protocol
// (zwlr_output_power_manager_v1: cage, sway, labwc, wayfire), on the window's own Wayland
// connection with an event queue of its own, so that SDL's dispatching never sees its events.
// libwayland-client is opened when first asked, not at launch.
typedef struct sdlphoto_output_power sdlphoto_output_power;

// The power control of the `output_index`-th wl_output the compositor announces (SDL numbers its
// displays in the same order), or of every output when there is no such one. NULL when the
// compositor does not offer the protocol or libwayland-client cannot be opened; `why` (may be
// NULL) then says which, as a static string.
sdlphoto_output_power *sdlphoto_output_power_open(void *wl_display, int output_index, const char **why);

// Asks for the outputs on (1) or off (0) and waits for the compositor's answer. 1 when every
// output reports the mode asked for, 0 when the compositor refused (the output cannot be
// turned off), -1 when the connection failed.
int sdlphoto_output_power_set(sdlphoto_output_power *power, int on);

// The number of outputs controlled.
int sdlphoto_output_power_count(const sdlphoto_output_power *power);

void sdlphoto_output_power_close(sdlphoto_output_power *power);
