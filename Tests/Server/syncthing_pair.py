#!/usr/bin/env python3
"""Two real Syncthing instances on loopback sharing one folder, for the sync folder's tests.

    syncthing_pair.py --work DIR --a FOLDER_A --b FOLDER_B

Each instance gets its own home under DIR (keys made by `syncthing generate`, the generated
config edited: loopback only, ephemeral ports, no global or local discovery, relays, NAT,
usage reporting or upgrades). Prints `ready` once both are connected and share the folder `wwdc`
(A's path FOLDER_A, B's FOLDER_B). Then reads commands on stdin, one a line:

    replicate   scan A's folder, wait until B's folder holds the same files (names and bytes),
                print `replicated`
    (end of input) shut both down and exit

Every wait is on Syncthing's own events (/rest/events long-polls), with an overall deadline as
the failure, never as the wait. Standard library only.
"""
import argparse, json, os, re, secrets, subprocess, sys, threading, time, urllib.request
import xml.etree.ElementTree as ET

DEADLINE = 60


class Node:
    def __init__(self, name, home, folder):
        self.name, self.home, self.folder = name, home, folder
        self.key = secrets.token_hex(16)
        os.makedirs(home, exist_ok=True)
        subprocess.run(["syncthing", "generate", "--home=" + home, "--no-default-folder"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.id = subprocess.run(["syncthing", "serve", "--home=" + home, "--device-id"],
                                 check=True, capture_output=True, text=True).stdout.strip()
        config = os.path.join(home, "config.xml")
        tree = ET.parse(config)
        root = tree.getroot()
        root.find("gui/address").text = "127.0.0.1:0"
        root.find("gui/apikey").text = self.key
        options = {"listenAddress": "tcp://127.0.0.1:0", "globalAnnounceEnabled": "false",
                   "localAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
                   "urAccepted": "-1", "startBrowser": "false", "crashReportingEnabled": "false",
                   "autoUpgradeIntervalH": "0", "reconnectionIntervalS": "1"}
        for key, value in options.items():
            element = root.find("options/" + key)
            if element is None:
                element = ET.SubElement(root.find("options"), key)
            element.text = value
        tree.write(config)
        self.log = open(os.path.join(home, "log.txt"), "w")

    def start(self):
        environment = dict(os.environ, STNOUPGRADE="1", STNORESTART="1", STHASHING="minio")
        self.process = subprocess.Popen(
            ["syncthing", "serve", "--home=" + self.home, "--no-browser", "--no-restart", "--no-upgrade", "--logflags=0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment)
        for line in self.process.stdout:
            self.log.write(line)
            match = re.search(r"GUI and API listening on 127\.0\.0\.1:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                break
        else:
            raise RuntimeError(f"{self.name}: syncthing stopped before its API was up (see {self.log.name})")
        threading.Thread(target=self.drain, daemon=True).start()

    def drain(self):
        for line in self.process.stdout:
            self.log.write(line)
            self.log.flush()

    def rest(self, method, path, body=None, timeout=30):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"X-API-Key": self.key, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read().decode()
            return json.loads(text) if text.strip() else None

    def subscribe(self, events):
        """Creates the subscription now; returns the last id to wait from."""
        seen = self.rest("GET", f"/rest/events?events={events}&since=0&limit=1&timeout=0")
        return seen[-1]["id"] if seen else 0

    def wait_for(self, events, since, condition, deadline):
        while True:
            if condition():
                return since
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"{self.name}: gave up waiting for {events} after {DEADLINE} s (see {self.log.name})")
            batch = self.rest("GET", f"/rest/events?events={events}&since={since}&timeout={max(1, min(10, int(left)))}", timeout=left + 15)
            if batch:
                since = batch[-1]["id"]

    def sync_address(self):
        status = self.rest("GET", "/rest/system/status")
        for service in status["connectionServiceStatus"].values():
            for address in service.get("lanAddresses") or []:
                if address.startswith("tcp://127.0.0.1:"):
                    return address
        raise RuntimeError(f"{self.name}: no sync address")

    def stop(self):
        try:
            self.rest("POST", "/rest/system/shutdown", timeout=10)
        except Exception:
            self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def snapshot(folder):
    files = {}
    for name in sorted(os.listdir(folder)):
        if name.startswith(".") or name.startswith("~") or name.endswith(".tmp"):
            continue
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                files[name] = handle.read()
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    arguments = parser.parse_args()
    a = Node("a", os.path.join(arguments.work, "syncthing-a"), os.path.abspath(arguments.a))
    b = Node("b", os.path.join(arguments.work, "syncthing-b"), os.path.abspath(arguments.b))
    nodes = [a, b]
    try:
        for node in nodes:
            node.start()
        deadline = time.monotonic() + DEADLINE
        connected = {node.name: node.subscribe("DeviceConnected") for node in nodes}
        for node, peer in [(a, b), (b, a)]:
            node.rest("POST", "/rest/config/devices", {"deviceID": peer.id, "name": peer.name, "addresses": [peer.sync_address()]})
        for node, peer in [(a, b), (b, a)]:
            node.rest("POST", "/rest/config/folders", {
                "id": "wwdc", "label": "wwdc", "path": node.folder, "type": "sendreceive",
                "devices": [{"deviceID": node.id}, {"deviceID": peer.id}],
                "fsWatcherEnabled": True, "fsWatcherDelayS": 1, "rescanIntervalS": 3600})
        for node, peer in [(a, b), (b, a)]:
            node.wait_for("DeviceConnected", connected[node.name],
                          lambda: node.rest("GET", "/rest/system/connections")["connections"].get(peer.id, {}).get("connected"), deadline)
        for node in nodes:
            since = node.subscribe("StateChanged")
            node.wait_for("StateChanged", since, lambda: node.rest("GET", "/rest/db/status?folder=wwdc")["state"] == "idle", deadline)
        print("ready", flush=True)
        for command in sys.stdin:
            command = command.strip()
            if command != "replicate":
                raise RuntimeError(f"unknown command {command!r}")
            since = b.subscribe("ItemFinished")
            a.rest("POST", "/rest/db/scan?folder=wwdc")
            b.wait_for("ItemFinished", since, lambda: snapshot(a.folder) == snapshot(b.folder), time.monotonic() + DEADLINE)
            print("replicated", flush=True)
    except Exception as error:
        print(f"error: {error}", flush=True)
        for node in nodes:
            path = os.path.join(node.home, "log.txt")
            if os.path.exists(path):
                sys.stderr.write(open(path).read()[-4000:])
        return 1
    finally:
        for node in nodes:
            if getattr(node, "process", None):
                node.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
