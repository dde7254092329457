#version 300 es
// An opaque photo faded or dimmed: with texel alpha 1, premultiplying is one multiply by
// (alpha * dim, alpha * dim, alpha * dim, alpha). u_under is an opaque colour under it already
// weighted by 1 - alpha (zero when the photo is blended over what is drawn instead): a cell's
// thumbnail fading in over its placeholder comes out opaque in one pass, with no blending.
precision mediump float;
// A highp sampler returns 8-bit texels as they are: a lowp one, the default, makes llvmpipe
// convert each to half float and back, and keeps it off its fast path (docs/behaviour.md §12).
precision highp sampler2D;
uniform sampler2D u_texture;
uniform vec4 u_tint;
uniform vec4 u_under;
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv) * u_tint + u_under;
}
