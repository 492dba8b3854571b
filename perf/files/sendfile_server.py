"""The transport ceiling for downloads: answers N GETs on 127.0.0.1 with one file through sendfile(2) (zero copy,
no framework), so a download's time can be set against what curl over loopback can take at all.
Usage: python3 sendfile_server.py FILE PORT REQUESTS"""
import os
import socket
import sys

path, port, requests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
size = os.path.getsize(path)
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(4)
print("ready", flush=True)
for _ in range(requests):
    client, _addr = server.accept()
    with client:
        client.recv(65536)
        client.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % size)
        with open(path, "rb") as f:
            client.sendfile(f)
