#version 300 es
// A flat colour: the black mask, placeholders, backgrounds.
precision mediump float;
uniform vec4 u_color;       // straight alpha
out vec4 fragColor;

void main() {
    fragColor = vec4(u_color.rgb * u_color.a, u_color.a);
}
