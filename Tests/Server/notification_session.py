#!/usr/bin/python3
"""Runs a command on a private D-Bus session bus where a small notification server records every
Notify call, then prints one JSON object: the command's status, stdout and stderr, and the calls
({app, summary, body, timeout}) in the order they arrived.

    /usr/bin/python3 notification_session.py -- COMMAND [ARGUMENT...]

The server is Debian's python3-dbus on GLib (python3-gi), which only Debian's /usr/bin/python3
imports. Nothing is timed: the bus's address and the server's READY are read from their pipes, and
a Notify call is written down before it is answered, so it is on file once notify-send returns.
"""
import json
import os
import subprocess
import sys
import tempfile


def serve(log_path):
    import dbus
    import dbus.mainloop.glib
    import dbus.service
    from gi.repository import GLib

    class Server(dbus.service.Object):
        count = 0

        @dbus.service.method('org.freedesktop.Notifications', in_signature='susssasa{sv}i', out_signature='u')
        def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
            Server.count += 1
            with open(log_path, 'a', encoding='utf-8') as log:
                log.write(json.dumps(dict(app=str(app), summary=str(summary), body=str(body), timeout=int(timeout))) + '\n')
            return Server.count

        @dbus.service.method('org.freedesktop.Notifications', out_signature='as')
        def GetCapabilities(self):
            return ['body', 'body-markup']

        @dbus.service.method('org.freedesktop.Notifications', out_signature='ssss')
        def GetServerInformation(self):
            return ('wwdc-test', 'wwdc', '1.0', '1.2')

        @dbus.service.method('org.freedesktop.Notifications', in_signature='u')
        def CloseNotification(self, identifier):
            pass

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName('org.freedesktop.Notifications', bus, do_not_queue=True)
    Server(bus, '/org/freedesktop/Notifications')
    print('READY', flush=True)
    GLib.MainLoop().run()
    del name


def main():
    if sys.argv[1:2] == ['--serve']:
        serve(sys.argv[2])
        return
    command = sys.argv[sys.argv.index('--') + 1:]
    with tempfile.TemporaryDirectory() as folder:
        log_path = os.path.join(folder, 'calls.jsonl')
        bus = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address=1'],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            address = bus.stdout.readline().strip()
            if not address:
                sys.exit('dbus-daemon printed no address')
            environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address)
            server = subprocess.Popen([sys.executable, os.path.abspath(__file__), '--serve', log_path],
                                      env=environment, stdout=subprocess.PIPE, text=True)
            try:
                ready = server.stdout.readline().strip()
                if ready != 'READY':
                    sys.exit('the notification server did not start')
                result = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=300)
            finally:
                server.terminate()
                server.wait()
        finally:
            bus.terminate()
            bus.wait()
        calls = []
        if os.path.exists(log_path):
            with open(log_path, encoding='utf-8') as log:
                calls = [json.loads(line) for line in log]
    print(json.dumps(dict(status=result.returncode, stdout=result.stdout, stderr=result.stderr, calls=calls)))


if __name__ == '__main__':
    main()
