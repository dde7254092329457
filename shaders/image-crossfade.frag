#version 300 es
// Two opaque textures of one photo over the same quad, the second faded in over the first by
// u_mix: one pass instead of a full-screen draw and a blended one on top of it.
precision mediump float;
uniform sampler2D u_texture;
uniform sampler2D u_over;
uniform float u_mix;
uniform vec4 u_tint;        // (dim, dim, dim, 1)
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = mix(texture(u_texture, v_uv), texture(u_over, v_uv), u_mix) * u_tint;
}
