#!/usr/bin/env python3
"""An Immich server for the tests (docs/sources.md): the endpoints sdlphoto uses, answering from a
library described in a JSON file (read again whenever it changes), behind one API key. Every
request is checked against Immich's published API description (openapi-core: method, path,
query, body schema, the x-api-key header) and every answer it gives too; a query word the
description does not name is a mismatch as well. Each request is logged as a JSON line, with the
mismatches found; the tests read that log.

Library file: {"assets": [{"id", "name", "taken" (ISO, UTC), "local" (ISO), "favorite", "rating",
"description", "city", "country", "people": [ids], "albums": [ids], "tags": [ids], "type",
"width", "height", "thumbnail": path, "preview": path, "original": path}], "albums": [{"id", "name"}], "people": [{"id", "name"}],
"tags": [{"id", "name", "value"}]}.
"""
import argparse
import json
import os
import random
import re
import sys
import threading
import time
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.wrappers import Request, Response

STAMP = "2024-01-01T00:00:00.000Z"
CHUNK = 16 * 1024


class Link:
    """One link every answer's body shares (bench/immich-page's 100 Mbit/s): a chunk goes when
    the link is free."""

    def __init__(self, rate):
        self.rate, self.free_at, self.lock = rate, 0.0, threading.Lock()

    def paced(self, data):
        for start in range(0, len(data), CHUNK):
            piece = data[start:start + CHUNK]
            with self.lock:
                at = max(time.monotonic(), self.free_at)
                self.free_at = at + len(piece) / self.rate
            if at > time.monotonic():
                time.sleep(at - time.monotonic())
            yield piece
OWNER = "00000000-0000-4000-8000-000000000001"


class Library:
    def __init__(self, path):
        self.path, self.stamp, self.data = path, None, {}
        self.lock = threading.Lock()

    def get(self):
        with self.lock:
            stamp = os.stat(self.path).st_mtime_ns
            if stamp != self.stamp:
                with open(self.path) as f:
                    self.data = json.load(f)
                self.stamp = stamp
            return self.data


def asset_json(a, library, exif=True, people=True):
    out = {
        "id": a["id"], "checksum": "c2hhMQ==", "createdAt": STAMP, "duration": a.get("duration"),
        "fileCreatedAt": a["taken"], "fileModifiedAt": a["taken"], "hasMetadata": True,
        "height": a.get("height", 1200), "width": a.get("width", 1600), "isArchived": False, "isEdited": False,
        "isFavorite": bool(a.get("favorite")), "isOffline": False, "isTrashed": False,
        "localDateTime": a.get("local", a["taken"]), "originalFileName": a["name"],
        "originalMimeType": "image/gif" if a["name"].lower().endswith(".gif") else "image/jpeg",
        "originalPath": "/photos/" + a["name"], "ownerId": OWNER, "thumbhash": None,
        "type": a.get("type", "IMAGE"), "updatedAt": STAMP, "visibility": "timeline",
    }
    if exif:
        out["exifInfo"] = {"description": a.get("description", ""), "city": a.get("city"), "country": a.get("country"),
                           "rating": a.get("rating"), "dateTimeOriginal": a["taken"]}
    if people:
        named = {p["id"]: p for p in library.get("people", [])}
        out["people"] = [person_json(named[p]) for p in a.get("people", []) if p in named]
    return out


def person_json(p):
    return {"id": p["id"], "name": p["name"], "birthDate": None, "isHidden": bool(p.get("hidden")), "thumbnailPath": ""}


def matches(a, body):
    for key, field in (("albumIds", "albums"), ("personIds", "people"), ("tagIds", "tags")):
        if body.get(key) and not set(body[key]) <= set(a.get(field, [])):
            return False
    if "isFavorite" in body and bool(a.get("favorite")) != body["isFavorite"]:
        return False
    if "rating" in body and a.get("rating") != body["rating"]:
        return False
    if body.get("takenAfter") and a["taken"] < body["takenAfter"]:
        return False
    # Both ends count, as Immich's own search compares them.
    if body.get("takenBefore") and a["taken"] > body["takenBefore"]:
        return False
    return True


def operation(spec, method, path):
    """The description's operation for this request; None for a path it lacks."""
    for template, operations in spec["paths"].items():
        pattern = "^/api" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, path) and method.lower() in operations:
            return operations[method.lower()]
    return None


def undeclared(spec, request):
    """Query words and body fields the description does not name: openapi-core lets both pass."""
    found = operation(spec, request.method, request.path)
    if found is None:
        return []
    words = {p["name"] for p in found.get("parameters", []) if p.get("in") == "query"}
    out = ["request: query word %r is not in the description" % w for w in request.args if w not in words]
    schema = found.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    body = request.get_json(silent=True)
    if schema and isinstance(body, dict):
        name = schema.get("$ref", "").split("/")[-1]
        fields = spec["components"]["schemas"].get(name, schema).get("properties", {})
        out += ["request: body field %r is not in %s" % (k, name) for k in body if k not in fields]
    return out


def make_app(args):
    with open(args.spec) as f:
        spec = json.load(f)
    # The description itself is not checked: its bearer scheme carries an "in" that OpenAPI 3.0
    # does not allow there, which changes nothing for the key header the program sends.
    openapi = OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))
    library = Library(args.library)
    link = Link(args.bytes_per_second) if args.bytes_per_second else None
    log_lock = threading.Lock()

    def log(entry):
        with log_lock, open(args.log, "a") as f:
            f.write(json.dumps(entry) + "\n")

    def answer(request):
        data = library.get()
        path, method = request.path, request.method
        if path == "/api/server/ping":
            return Response(json.dumps({"res": "pong"}), content_type="application/json")
        if request.headers.get("x-api-key") != args.key:
            return Response(json.dumps({"message": "Invalid API key", "statusCode": 401, "error": "Unauthorized"}), 401,
                            content_type="application/json")
        assets = sorted(data.get("assets", []), key=lambda a: (a["taken"], a["id"]))
        body = request.get_json(silent=True) or {}
        if path == "/api/albums" and method == "GET":
            return json_response([album_json(x, assets) for x in data.get("albums", [])])
        if path == "/api/people" and method == "GET":
            people = [person_json(p) for p in data.get("people", [])]
            size, page = int(request.args.get("size", 500)), int(request.args.get("page", 1))
            return json_response({"people": people[(page - 1) * size: page * size], "total": len(people), "hidden": 0,
                                  "hasNextPage": page * size < len(people)})
        if path == "/api/tags" and method == "GET":
            return json_response([{"id": t["id"], "name": t["name"], "value": t.get("value", t["name"]),
                                   "createdAt": STAMP, "updatedAt": STAMP} for t in data.get("tags", [])])
        if path == "/api/search/metadata" and method == "POST":
            found = [a for a in assets if matches(a, body)]
            if body.get("order") == "desc":
                found.reverse()
            size, page = body.get("size", 250), body.get("page", 1)
            chunk = found[(page - 1) * size: page * size]
            more = page * size < len(found)
            items = [asset_json(a, data, body.get("withExif", False), body.get("withPeople", False)) for a in chunk]
            return json_response({"albums": {"count": 0, "facets": [], "items": [], "total": 0},
                                  "assets": {"count": len(items), "facets": [], "items": items, "total": len(found),
                                             "nextPage": str(page + 1) if more else None}})
        if path == "/api/search/random" and method == "POST":
            found = [a for a in assets if matches(a, body)]
            chosen = random.sample(found, min(body.get("size", 250), len(found)))
            return json_response([asset_json(a, data, body.get("withExif", False), body.get("withPeople", False)) for a in chosen])
        if path == "/api/memories" and method == "GET":
            day = request.args.get("for", "")
            years = {}
            for a in assets:
                local = a.get("local", a["taken"])
                if local[5:10] == day[5:10] and local[:4] < day[:4]:
                    years.setdefault(int(local[:4]), []).append(a)
            # As Immich's own: a memory's assets come without their EXIF and people.
            memories = [{"id": "00000000-0000-4000-8000-%012d" % year, "assets": [asset_json(a, data, False, False) for a in found],
                         "createdAt": STAMP, "updatedAt": STAMP, "data": {"year": year}, "isSaved": False,
                         "memoryAt": day + "T00:00:00.000Z", "ownerId": OWNER, "type": "on_this_day"}
                        for year, found in sorted(years.items(), reverse=True)]
            return json_response(memories)
        m = re.match(r"^/api/assets/([^/]+)$", path)
        if m and method == "GET":
            asset = next((a for a in assets if a["id"] == m.group(1)), None)
            if asset is None:
                return Response(json.dumps({"message": "Not found", "statusCode": 404}), 404, content_type="application/json")
            return json_response(asset_json(asset, data))
        m = re.match(r"^/api/assets/([^/]+)/(thumbnail|original)$", path)
        if m and method == "GET":
            asset = next((a for a in assets if a["id"] == m.group(1)), None)
            if asset is None:
                return Response(json.dumps({"message": "Not found", "statusCode": 404}), 404, content_type="application/json")
            size = "original" if m.group(2) == "original" else request.args.get("size", "thumbnail")
            with open(asset.get(size) or asset["preview"], "rb") as f:
                return Response(f.read(), content_type="application/octet-stream")
        return Response(json.dumps({"message": "Not found", "statusCode": 404}), 404, content_type="application/json")

    def json_response(value):
        return Response(json.dumps(value), content_type="application/json")

    def album_json(album, assets):
        count = sum(1 for a in assets if album["id"] in a.get("albums", []))
        return {"id": album["id"], "albumName": album["name"], "albumThumbnailAssetId": None,
                "albumUsers": [{"role": "owner", "user": {"id": OWNER, "name": "Owner", "email": "owner@example.org", "avatarColor": "primary",
                                                          "profileChangedAt": STAMP, "profileImagePath": ""}}],
                "assetCount": count, "createdAt": STAMP, "updatedAt": STAMP, "description": "", "hasSharedLink": False,
                "isActivityEnabled": False, "shared": False}

    def app(environ, start_response):
        request = Request(environ)
        mismatches = []
        wrapped = WerkzeugOpenAPIRequest(request)
        try:
            openapi.validate_request(wrapped)
        except Exception as error:
            mismatches.append("request: %s: %s" % (type(error).__name__, explain(error)))
        mismatches += undeclared(spec, request)
        response = answer(request)
        if 200 <= response.status_code < 300:
            try:
                openapi.validate_response(wrapped, WerkzeugOpenAPIResponse(response))
            except Exception as error:
                mismatches.append("response: %s: %s" % (type(error).__name__, explain(error)))
        data = response.get_data()
        log({"method": request.method, "path": request.path, "query": request.query_string.decode(),
             "key": request.headers.get("x-api-key") == args.key, "status": response.status_code,
             "body": request.get_data(as_text=True), "bytes": len(data), "at": time.monotonic(), "mismatches": mismatches})
        if link is not None:
            response = Response(link.paced(data), status=response.status_code, headers=response.headers, direct_passthrough=True)
        return response(environ, start_response)

    return app


def explain(error):
    parts = [str(error)]
    for inner in getattr(error, "schema_errors", None) or []:
        parts.append(str(getattr(inner, "message", inner)))
    if error.__cause__ is not None:
        parts.append(explain(error.__cause__))
    return " / ".join(parts)


class ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--spec", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--bytes-per-second", type=float, help="every answer's body through one link this fast")
    args = parser.parse_args()
    server = make_server("127.0.0.1", args.port, make_app(args), server_class=ThreadingServer, handler_class=QuietHandler)
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
