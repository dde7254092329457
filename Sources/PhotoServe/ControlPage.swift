/// `GET /`: the control page for a phone (docs/behaviour.md §15). One HTML file with its style
/// and script inline, no external assets. It asks `/api/status` every 2 s and after each button,
/// and sends the token from the address's `#token=...` (kept in the browser's local storage) or
/// asked for once the API answers 401.
enum ControlPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sdlphoto</title>
<style>
body { margin: 0; font: 16px system-ui, sans-serif; background: #111; color: #eee; text-align: center; }
main { max-width: 32rem; margin: 0 auto; padding: 1rem; }
#thumb { width: 100%; aspect-ratio: 4 / 3; object-fit: contain; background: #000; border-radius: 8px; }
#caption { min-height: 1.4em; margin: .6rem 0 .2rem; overflow-wrap: anywhere; }
#position, #mode { color: #aaa; font-size: .9rem; }
.row { display: flex; gap: .5rem; margin-top: .8rem; }
button { flex: 1; padding: 1rem .5rem; font-size: 1.1rem; border: 0; border-radius: 8px; background: #333; color: #fff; }
button:active { background: #555; }
input { flex: 1; padding: 1rem .5rem; font-size: 1.1rem; border: 0; border-radius: 8px; background: #222; color: #fff; min-width: 0; }
#error { color: #f88; min-height: 1.2em; margin-top: .6rem; }
</style>
</head>
<body>
<main>
<img id="thumb" alt="">
<div id="caption"></div>
<div id="position">–</div>
<div id="mode"></div>
<div class="row"><button id="previous">◀ Previous</button><button id="next">Next ▶</button></div>
<div class="row"><button id="play">Play</button><button id="pause">Pause</button></div>
<div class="row"><button id="sleep">Sleep</button><button id="wake">Wake</button></div>
<div class="row"><button id="all">All photos</button><button id="memories">On this day</button></div>
<div class="row"><input id="year" type="number" inputmode="numeric" min="1" max="9999" placeholder="Year"><button id="year-only">Only that year</button></div>
<div id="error"></div>
</main>
<script>
"use strict";
const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
if (fromHash) { localStorage.setItem("sdlphoto-token", fromHash); history.replaceState(null, "", location.pathname); }
let token = localStorage.getItem("sdlphoto-token") || "";
let shownImage = null;
let thumbURL = null;

async function api(method, path, body) {
  const headers = {};
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  if (response.status === 401) {
    const given = prompt("Token for this frame");
    if (given !== null) { token = given; localStorage.setItem("sdlphoto-token", token); }
    throw new Error("the frame asks for a token");
  }
  if (!response.ok) {
    let message = response.status + "";
    try { message = (await response.json()).error || message; } catch (e) {}
    throw new Error(message);
  }
  return response;
}

async function refreshThumbnail(status) {
  if (status.image === shownImage) return;
  shownImage = status.image;
  try {
    const blob = await (await api("GET", "/api/thumbnail")).blob();
    if (thumbURL) URL.revokeObjectURL(thumbURL);
    thumbURL = URL.createObjectURL(blob);
    document.getElementById("thumb").src = thumbURL;
  } catch (e) { document.getElementById("thumb").removeAttribute("src"); }
}

function show(status) {
  const name = status.image.split("/").pop() || "";
  document.getElementById("caption").textContent = status.caption || decodeURIComponent(name);
  document.getElementById("position").textContent = status.count ? (status.index + 1) + " / " + status.count : "no photos";
  document.getElementById("mode").textContent = status.mode + (status.playing ? " · playing" : "");
  document.body.dataset.index = status.index;
  document.body.dataset.mode = status.mode;
  document.getElementById("error").textContent = "";
  refreshThumbnail(status);
}

async function poll() {
  try { show(await (await api("GET", "/api/status")).json()); }
  catch (e) { document.getElementById("error").textContent = e.message; }
}

for (const command of ["previous", "next", "play", "pause", "sleep", "wake"]) {
  document.getElementById(command).addEventListener("click", async () => {
    try { show(await (await api("POST", "/api/" + command, {})).json()); }
    catch (e) { document.getElementById("error").textContent = e.message; }
  });
}
// Which photos the frame shows (POST /api/select): the new list comes a moment later, with a poll.
async function select(body) {
  try { show(await (await api("POST", "/api/select", body)).json()); setTimeout(poll, 500); }
  catch (e) { document.getElementById("error").textContent = e.message; }
}
document.getElementById("all").addEventListener("click", () => select({}));
document.getElementById("memories").addEventListener("click", () => select({ memories: 0 }));
document.getElementById("year-only").addEventListener("click", () => {
  const year = document.getElementById("year").value.trim().padStart(4, "0");
  if (year !== "0000") select({ since: year, until: year });
});
poll();
setInterval(poll, 2000);
</script>
</body>
</html>
"""#
}
