#!/usr/bin/env python3
"""Host-side tests of the hardware suite's runner (hil.py), without a guest:
how it reads plans (steps, a scenario's header, `expect-state`), which
options start the firmware as a scenario's phone, which scenarios it skips
and why, the serial console's frames, state blocks and run markers, and the
budget's stable selection.

Run: python3 scripts/hil/test_hil.py (standard library only).
"""

import os
import stat
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hil  # noqa: E402


class Args:
    """The options plan_for reads."""

    def __init__(self, t9phone):
        self.t9phone = t9phone
        self.guest_command = None


def fake_t9phone(folder, stdout, stderr="", status=0):
    """A stand-in for `t9phone test --plan`: prints what it is given."""
    path = os.path.join(folder, "t9phone")
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\ncat <<'EOF'\n" + stdout + "EOF\n")
        if stderr:
            f.write("cat >&2 <<'EOF'\n" + stderr + "EOF\n")
        f.write(f"exit {status}\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


HEADER = """scenario Scenarios/contacts/x.scenario
lcd 20x4
rom A02
display i2c wiring=lcdproc
dictionary off
contacts ../fixtures/contacts.vcf
keymap numpad-phone
language id
clock 09:41
set input-mode abc
set multitap-timeout 1s
set notice-time 1.5s
start compose
"""


class PlanTests(unittest.TestCase):
    def test_glass_steps_and_setup_lines_of_a_steps_plan(self):
        steps = hil.parse_plan("lcd 20x4\ndisplay i2c,wiring=lcdproc\ndown 2\nexpect-glass\n"
                               "|ab|\n|cd|\nend\ncommand /t9/i2c-demo @I2C@\n", "x.steps")
        self.assertEqual([op for _, op, _ in steps],
                         ["header", "header", "down", "expect-glass", "command"])
        self.assertEqual(steps[3][2], ["ab", "cd"])
        config = hil.RunConfig()
        for lineno, op, arg in steps:
            if op == "header":
                config.set(arg[0], arg[1], f"x:{lineno}")
        self.assertEqual(config.command(),
                         "/t9/t9phone run --input auto --keymap /t9/Keymaps/numpad-phone.keymap "
                         "--lcd 20x4 --rom A00 --display i2c:@I2C@@0x27,wiring=lcdproc")
        with self.assertRaises(hil.HILError):
            config.set("display", "i2c,wiring=sideways", "x:1")

    def test_state_expectations_and_comments(self):
        steps = hil.parse_plan("# a comment\nexpect-state text \"a b\"\n"
                               "expect-state cursor 1 2\nsleep 1.5\n", "x")
        self.assertEqual(steps, [(2, "expect-state", 'text "a b"'),
                                 (3, "expect-state", "cursor 1 2"), (4, "sleep", 1.5)])

    def test_a_scenario_header_becomes_the_firmware_options(self):
        with tempfile.TemporaryDirectory() as folder:
            t9phone = fake_t9phone(folder, HEADER + "down 2\nsleep 80\nup 2\nsleep 150\n"
                                   "expect-state text \"a\"\n")
            plan = hil.plan_for("Scenarios/contacts/x.scenario", Args(t9phone))
        self.assertEqual(plan.seconds, 0.23)
        self.assertEqual(plan.config.display, "text")  # no glass checked: frames
        self.assertEqual(plan.config.wiring, "lcdproc")
        self.assertEqual(
            plan.config.firmware_args(),
            ["run", "--input", "auto", "--keymap", "/t9/Keymaps/numpad-phone.keymap", "--lcd",
             "20x4", "--rom", "A02", "--display", "text", "--report-state", "--dictionaries",
             "/t9/no-dictionaries", "--contacts-fixture", "/t9/Scenarios/fixtures/contacts.vcf",
             "--language", "id", "--clock", "09:41", "--input-mode", "abc",
             "--multitap-timeout", "1s", "--notice-time", "1.5s", "--start", "compose"])
        self.assertEqual([op for _, op, _ in plan.steps],
                         ["down", "sleep", "up", "sleep", "expect-state"])

    def test_no_contacts_is_an_empty_book_and_glass_checks_drive_i2c(self):
        with tempfile.TemporaryDirectory() as folder:
            t9phone = fake_t9phone(folder, "lcd 16x2\ndisplay i2c wiring=backpack\n"
                                   "expect-glass\n|a|\n|b|\nend\n")
            plan = hil.plan_for("Scenarios/glass/x.scenario", Args(t9phone))
        args = plan.config.firmware_args()
        self.assertEqual(args[args.index("--display") + 1], "i2c:@I2C@@0x27")
        self.assertEqual(args[args.index("--contacts-fixture") + 1], "/t9/no-contacts.vcf")

    def test_what_the_guest_cannot_run_is_skipped_with_the_reason(self):
        cases = [
            ("", "Scenarios/x.scenario:7:1: error: a fault is simulated, not made on hardware\n",
             2, "a fault is simulated, not made on hardware (line 7)"),
            ("", "Scenarios/x.scenario:1:1: error: a hardware run starts without a draft\n", 2,
             "a hardware run starts without a draft"),
            ("display lcdproc\n", "", 0, "display lcdproc: the guest has no LCDd"),
            ("contacts /tmp/book.vcf\n", "", 0,
             "contacts /tmp/book.vcf: only the repository's .vcf files are in the guest"),
            ("expect\n|a|\nend\nexpect-glass\n|a|\nend\n", "", 0,
             "checks both the firmware's frames and the glass: the guest drives one display"),
            ("set debounce 20ms\ndown 5\nsleep 19\nup 5\n", "", 0,
             "holds 5 for 19 ms, within 4 ms of the debounce time (20 ms): a bounce or a tap "
             "by QMP's timing (line 4)"),
        ]
        for stdout, stderr, status, reason in cases:
            with tempfile.TemporaryDirectory() as folder:
                t9phone = fake_t9phone(folder, stdout, stderr, status)
                with self.assertRaises(hil.Skip) as caught:
                    hil.plan_for("Scenarios/x.scenario", Args(t9phone))
            self.assertEqual(str(caught.exception), reason)

    def test_a_broken_plan_fails_instead_of_being_skipped(self):
        for stdout, stderr, status in [("", "Scenarios/x.scenario: no such file\n", 1),
                                       ("set flavour vanilla\n", "", 0)]:
            with tempfile.TemporaryDirectory() as folder:
                t9phone = fake_t9phone(folder, stdout, stderr, status)
                with self.assertRaises(hil.HILError):
                    hil.plan_for("Scenarios/x.scenario", Args(t9phone))


class ModemTests(unittest.TestCase):
    MODEM_PLAN = """scenario Scenarios/messages/x.scenario
lcd 16x2
rom A00
dictionary off
modem sim
messages-capacity 30
keymap numpad-phone
language en
clock 00:00
country 62
set partial-timeout 300s
start idle
network sms Telkomsel "Sisa pulsa"
fault modem-reset-mid-send
fault modem-gone 1.5s
expect-sent 5551234 "Hi there"
expect-contains
|Sending...|
expect-log-contains
|the modem restarted|
expect-state inbox 1
"""

    def test_a_modem_scenario_gets_the_usb_serial_line_and_its_network_steps(self):
        with tempfile.TemporaryDirectory() as folder:
            t9phone = fake_t9phone(folder, self.MODEM_PLAN)
            plan = hil.plan_for("Scenarios/messages/x.scenario", Args(t9phone))
        self.assertTrue(plan.config.modem)
        args = plan.config.firmware_args()
        for option, value in [("--modem", "tty:/dev/ttyUSB0"), ("--messages-capacity", "30"),
                              ("--country", "62"), ("--partial-timeout", "300s"),
                              ("--log-level", "debug")]:
            self.assertEqual(args[args.index(option) + 1], value, option)
        self.assertEqual(plan.steps, [
            (13, "network", 'network sms Telkomsel "Sisa pulsa"'),
            (14, "network", "fault modem-reset-mid-send"),
            (15, "modem-gone", 1500.0),
            (16, "expect-sent", 'expect-sent 5551234 "Hi there"'),
            (17, "expect-contains", "Sending..."),
            (19, "expect-log-contains", "the modem restarted"),
            (21, "expect-state", "inbox 1"),
        ])

    def test_network_steps_without_a_modem_are_a_broken_plan(self):
        with tempfile.TemporaryDirectory() as folder:
            t9phone = fake_t9phone(folder, "lcd 16x2\nnetwork refuse-sends\n")
            with self.assertRaises(hil.HILError):
                hil.plan_for("Scenarios/x.scenario", Args(t9phone))

    def test_the_network_answers_each_line_and_stops_when_its_input_ends(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "t9phone")
            with open(path, "w", encoding="utf-8") as f:
                f.write('#!/bin/sh\n[ "$1 $2 $3 $4" = "network serve --line /dev/pts/9" ] || exit 3\n'
                        'echo ready\nwhile read -r l; do case $l in expect-sent*) echo no ;; '
                        '*) echo ok ;; esac; done\necho bye >&2\n')
            os.chmod(path, 0o755)
            network = hil.Network(path, "/dev/pts/9", os.path.join(folder, "network.log"))
            self.assertEqual(network.ask("network refuse-sends"), "ok")
            self.assertEqual(network.ask('expect-sent 1 "a"'), "no")
            network.close()
            self.assertEqual(network.proc.returncode, 0)
            with open(os.path.join(folder, "network.log"), encoding="utf-8") as f:
                self.assertEqual(f.read(), "bye\n")

    def test_a_network_that_cannot_open_its_line_fails_the_scenario(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "t9phone")
            with open(path, "w", encoding="utf-8") as f:
                f.write("#!/bin/sh\necho 'cannot open' >&2\nexit 1\n")
            os.chmod(path, 0o755)
            with self.assertRaises(hil.HILError):
                hil.Network(path, "/dev/pts/9", os.path.join(folder, "network.log"))

    def test_durations_as_scenarios_write_them(self):
        self.assertEqual(hil.duration_ms("1.5s", "x", 1), 1500.0)
        self.assertEqual(hil.duration_ms("700ms", "x", 1), 700.0)
        self.assertEqual(hil.duration_ms("2000us", "x", 1), 2.0)
        with self.assertRaises(hil.HILError):
            hil.duration_ms("soon", "x", 1)


class StateTests(unittest.TestCase):
    def test_state_lines_match_by_their_first_word(self):
        state = {"text": 'text "ab"', "cursor": "cursor 1 3 blink", "screen": "screen compose"}
        self.assertTrue(hil.state_matches(state, 'text "ab"'))
        self.assertFalse(hil.state_matches(state, 'text "a"'))
        self.assertTrue(hil.state_matches(state, "cursor 1 3 blink"))
        self.assertTrue(hil.state_matches(state, "cursor 1 3"))  # any style
        self.assertFalse(hil.state_matches(state, "cursor 1 3 underline"))
        self.assertFalse(hil.state_matches(state, "cursor 1 30"))
        self.assertFalse(hil.state_matches(state, "cursor off"))
        self.assertFalse(hil.state_matches(state, "mode \"abc\""))  # not printed

    def test_serial_reads_frames_state_and_the_current_runs_markers(self):
        serial = hil.Serial(os.path.join(tempfile.gettempdir(), "hil-test-no-such-file"))
        try:
            serial.begin(2)
            for line in ["hil: exit 0 run 1", "frame 5", "|ab|", "|cd|", "end", "state 5",
                         "screen compose", 'text "a"', "end", "frame 6", "|x|", "oops", "end",
                         "t9phone: ready /dev/input/event0 kbd", "hil: stopped 1"]:
                serial._line(line)
            self.assertEqual(serial.frames, [("5", ["ab", "cd"])])  # the broken one dropped
            self.assertEqual(serial.state, {"screen": "screen compose", "text": 'text "a"'})
            self.assertIsNone(serial.exited)  # run 1's exit is not run 2's
            self.assertTrue(serial.ready)
            self.assertEqual(serial.stopped, 1)
            serial._line("hil: exit 143 run 2")
            self.assertEqual(serial.exited, "hil: exit 143 run 2")
            serial.begin(3)
            self.assertEqual((serial.frames, serial.state, serial.ready, serial.exited),
                             ([], {}, None, None))
        finally:
            serial.stop = True


class Planned:
    def __init__(self, path, seconds):
        self.path = path
        self.seconds = seconds


class SelectionTests(unittest.TestCase):
    def test_the_budget_keeps_the_always_folder_then_every_stride_th(self):
        plans = [Planned(f"Scenarios/a/{i}.scenario", 1.0) for i in range(6)]
        plans.insert(2, Planned("Scenarios/hil/h.scenario", 5.0))
        chosen, left, total = hil.select(plans, budget=9.0, overhead=0.5,
                                         always=["Scenarios/hil"], stride=3)
        # h (5.5 s), then a/0 and a/3 (the stride), then a/1: 10.0 s would not fit.
        self.assertEqual([p.path for p in chosen],
                         ["Scenarios/a/0.scenario", "Scenarios/hil/h.scenario",
                          "Scenarios/a/3.scenario"])
        self.assertEqual(len(left), 4)
        self.assertEqual(total, 8.5)
        again, _, _ = hil.select(list(reversed(plans)), 9.0, 0.5, ["Scenarios/hil"], 3)
        self.assertEqual(sorted(p.path for p in again), sorted(p.path for p in chosen))

    def test_a_long_plan_is_passed_over_for_shorter_ones(self):
        plans = [Planned("a.scenario", 1.0), Planned("b.scenario", 30.0),
                 Planned("c.scenario", 1.0)]
        chosen, left, _ = hil.select(plans, budget=5.0, overhead=1.0)
        self.assertEqual([p.path for p in chosen], ["a.scenario", "c.scenario"])
        self.assertEqual([p.path for p in left], ["b.scenario"])

    def test_folders_stand_for_their_scenarios_in_order(self):
        with tempfile.TemporaryDirectory() as folder:
            for name in ["b/2.scenario", "a.scenario", "b/1.scenario", "b/notes.md"]:
                os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
                open(os.path.join(folder, name), "w").close()
            found = hil.collect([folder, "x.steps"])
        self.assertEqual([os.path.relpath(f, folder) if f != "x.steps" else f for f in found],
                         ["a.scenario", "b/1.scenario", "b/2.scenario", "x.steps"])


class BusyMachineTests(unittest.TestCase):
    def test_run_delay_counts_time_spent_waiting_for_a_cpu(self):
        import multiprocessing
        import os

        def spin(seconds):
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                pass

        # One more busy process than there are CPUs: together they wait.
        procs = [multiprocessing.Process(target=spin, args=(0.4,))
                 for _ in range((os.cpu_count() or 1) + 1)]
        for p in procs:
            p.start()
        time.sleep(0.3)
        waited = hil.run_delay_ms([p.pid for p in procs])
        for p in procs:
            p.join()
        self.assertGreater(waited, 1.0)
        self.assertEqual(hil.run_delay_ms([2 ** 22 + 7]), 0)  # no such process

    def test_only_a_run_on_a_busy_machine_is_repeated_and_only_so_often(self):
        self.assertFalse(hil.worth_another_run(0, 0.0))
        self.assertFalse(hil.worth_another_run(0, hil.STARVED_MS - 1))
        self.assertTrue(hil.worth_another_run(0, hil.STARVED_MS))
        self.assertTrue(hil.worth_another_run(hil.RETRIES - 1, 500.0))
        self.assertFalse(hil.worth_another_run(hil.RETRIES, 500.0))


if __name__ == "__main__":
    unittest.main(verbosity=1)
