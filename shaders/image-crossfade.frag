#version 300 es
// Two opaque textures over the same quad, the second (at v_uv2, where it lies in the quad) faded
// in over the first by u_mix: one pass instead of a full-screen draw and a blended one on top of
// it. A photo's thumbnail and full image, or two slides (Ken Burns' two frames both cover the
// window, each with its own coordinates).
precision mediump float;
// A highp sampler returns 8-bit texels as they are: a lowp one, the default, makes llvmpipe
// convert each to half float and back, and keeps it off its fast path (docs/behaviour.md §12).
precision highp sampler2D;
uniform sampler2D u_texture;
uniform sampler2D u_over;
uniform float u_mix;
uniform vec4 u_tint;        // (dim, dim, dim, 1)
in vec2 v_uv;
in vec2 v_uv2;
out vec4 fragColor;

void main() {
    fragColor = mix(texture(u_texture, v_uv), texture(u_over, v_uv2), u_mix) * u_tint;
}
