#!/usr/bin/env python3
"""The benchmark's peer: a plain Python client posting batches with keep-alive.

post_batches.py PORT FILE posts each line of FILE (a batch body, as trackctl sent it) to
http://127.0.0.1:PORT/v1/batch over one http.client connection, reading every answer, and
prints how many it posted.
"""
import http.client, sys

port, path = int(sys.argv[1]), sys.argv[2]
connection = http.client.HTTPConnection("127.0.0.1", port)
count = 0
with open(path, "rb") as batches:
    for line in batches:
        connection.request("POST", "/v1/batch", body=line.rstrip(b"\n"), headers={"Content-Type": "application/json"})
        connection.getresponse().read()
        count += 1
print(count)
