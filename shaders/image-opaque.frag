#version 300 es
// An opaque photo at full strength: the texel as it is, the cheapest fill there is.
precision mediump float;
// A highp sampler returns 8-bit texels as they are: a lowp one, the default, makes llvmpipe
// convert each to half float and back, and keeps it off its fast path (docs/behaviour.md §12).
precision highp sampler2D;
uniform sampler2D u_texture;
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv);
}
