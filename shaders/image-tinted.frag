#version 300 es
// An opaque photo faded or dimmed: with texel alpha 1, premultiplying is one multiply by
// (alpha * dim, alpha * dim, alpha * dim, alpha).
precision mediump float;
uniform sampler2D u_texture;
uniform vec4 u_tint;
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv) * u_tint;
}
