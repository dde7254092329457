#version 300 es
// An opaque photo at full strength: the texel as it is, the cheapest fill there is.
precision mediump float;
uniform sampler2D u_texture;
in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv);
}
