#!/usr/bin/env python3
"""Records what a real LCDd answers to the commands t9phone's LCDd client sends.

Usage: lcdd-transcript.py PORT OUTPUT [KEYS]

Connects to LCDd on 127.0.0.1:PORT, sends the client's set-up (hello,
client_set, screen_add, screen_set, widget_add per row, client_add_key when
KEYS is given), a few widget_set and screen_set commands and one command
LCDd refuses, and writes every byte LCDd sent back to OUTPUT, as they came.
Fuzz/seed.sh runs it against LCDd's text driver to make the FuzzLCDdReplies
seeds.
"""

import socket
import sys
import time


def main() -> int:
    port = int(sys.argv[1])
    output = sys.argv[2]
    keys = len(sys.argv) > 3
    commands = [
        "hello",
        "client_set -name t9phone",
        "screen_add t9phone",
        "screen_set t9phone -name t9phone -priority foreground -heartbeat off",
        "widget_add t9phone r1 string",
        "widget_add t9phone r2 string",
    ]
    if keys:
        commands.append('client_add_key -exclusively Up Down Enter Escape 1 "#"')
    commands += [
        'widget_set t9phone r1 1 1 "Hello           "',
        'widget_set t9phone r2 1 2 "world \xe9          "',
        "screen_set t9phone -cursor block -cursor_x 3 -cursor_y 2 -backlight on",
        "widget_set t9phone r9 1 9 \"no such widget\"",
        "screen_set t9phone -cursor off -backlight off",
    ]
    received = bytearray()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.settimeout(0.3)
        for command in commands:
            connection.sendall(command.encode("latin-1") + b"\n")
            time.sleep(0.05)
            try:
                while True:
                    chunk = connection.recv(4096)
                    if not chunk:
                        break
                    received += chunk
            except socket.timeout:
                pass
    with open(output, "wb") as file:
        file.write(received)
    return 0 if received.startswith(b"connect ") else 1


if __name__ == "__main__":
    sys.exit(main())
