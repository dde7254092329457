#version 300 es
// Text: a glyph-coverage texture (white, alpha = coverage) tinted by one colour.
precision mediump float;
// A highp sampler returns 8-bit texels as they are: a lowp one, the default, makes llvmpipe
// convert each to half float and back, and keeps it off its fast path (docs/behaviour.md §12).
precision highp sampler2D;
uniform sampler2D u_texture;
uniform vec4 u_color;       // straight alpha
in vec2 v_uv;
out vec4 fragColor;

void main() {
    float a = texture(u_texture, v_uv).a * u_color.a;
    fragColor = vec4(u_color.rgb * a, a);
}
