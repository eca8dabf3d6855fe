#!/usr/bin/python3
"""The phone's page in Debian's headless Chromium (selenium, chromedriver):
opened from disk, "Hello" typed in T9 by clicking the keys, a key held for a
long press, the computer keyboard, a message from the network panel and an
imported contact file kept across a reload, a scenario opened and
replayed, and the LCD's text and a screenshot of the LCD element compared
with `t9phone replay --png` of the same frames, pixel for pixel. Prints
the page's start and key-press figures.

  /usr/bin/python3 scripts/web/browser-test.py PAGE.html BIN SCENARIO OUTDIR

Runs under Debian's Python, where python3-selenium and python3-pil are."""
import glob
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

page, binary, scenario, out = (os.path.abspath(argument) for argument in sys.argv[1:5])
contacts = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "Scenarios",
                                        "fixtures", "contacts.vcf"))
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
reference = os.path.join(out, "reference")
subprocess.run([binary, "replay", scenario, "--png", reference, "--display", "none"], check=True,
               stdout=subprocess.DEVNULL)
references = sorted(glob.glob(os.path.join(reference, "*.png")))

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
                 "--window-size=1400,1300", "--disable-dev-shm-usage"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + page)
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'yes'"))
    first_frame = driver.execute_script("return window.t9phone.firstFrame()")
    marks = driver.execute_script("return window.t9phone.marks")
    lcd_text = lambda: driver.find_element(By.ID, "lcd-text").get_attribute("textContent")

    def key(name):
        return driver.find_element(By.CSS_SELECTOR, f'#keypad button[aria-label="{name}"]')

    def tap(*names, hold=0.08):
        for name in names:
            ActionChains(driver).click_and_hold(key(name)).pause(hold).release().pause(0.12).perform()

    check("Menu" in lcd_text(), f"the phone starts on its idle screen: {lcd_text()!r}")
    check(all(key(name).tag_name == "button" for name in
              ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#", "ok", "back", "up",
               "down", "left", "right", "call", "end", "softleft", "softright"]),
          "every key is a <button> named as in scenarios")

    # A new message (ok, 1 Messages, 1 Write), then "Hello" in T9.
    tap("ok", "1", "1")
    tap("4", "3", "5", "5", "6")
    check("text Hello\n" in lcd_text(), f"clicking 4 3 5 5 6 types Hello: {lcd_text()!r}")
    check("Hello" in lcd_text().split("\n")[0] + lcd_text().split("\n")[1],
          "the glass shows Hello")
    # Holding 5 past the long-press time types the digit.
    tap("5", hold=1.3)
    check("text Hello5\n" in lcd_text(), f"holding 5 is a long press: {lcd_text()!r}")
    # The computer keyboard while the keypad has focus; Escape leaves it.
    driver.execute_script("document.getElementById('keypad').focus()")
    for name in "084":
        ActionChains(driver).key_down(name).pause(0.08).key_up(name).pause(0.12).perform()
    check(re.search(r"^text Hello5 [a-z]{2}$", lcd_text(), re.MULTILINE) is not None,
          f"the keyboard's 0 8 4 type a space and a two-letter word: {lcd_text()!r}")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    check(driver.execute_script("return document.activeElement.id") == "title",
          "Escape hands focus back to the page")
    key_times = driver.execute_script("return window.t9phone.keyTimes")
    key_allocations = driver.execute_script("return window.t9phone.keyAllocations")
    # Opening the editor (ok 1 1) and its first letter make its storage;
    # from then on typing allocates nothing in the module.
    check(len(key_allocations) > 8 and sum(key_allocations[8:]) == 0,
          f"no allocation in the module a key edge while typing: {key_allocations}")
    # Multi-tap (# from T9 Abc): a letter is committed by its timeout, when
    # the phone's clock passes it (a deadline, not a key edge); after the
    # first letter, which builds the letter cycles, that allocates nothing.
    tap("#", "2")
    time.sleep(1.3)
    clock_allocated = driver.execute_script("return window.t9phone.clockAllocations()")
    for name in "34":
        tap(name)
        time.sleep(1.3)
    clock_allocations = (driver.execute_script("return window.t9phone.clockAllocations()")
                         - clock_allocated)
    check(re.search(r"^text Hello5 uh[aA]dg$", lcd_text(), re.MULTILINE) is not None
          and clock_allocations == 0,
          f"multi-tap letters committed by their timeout allocate nothing in the module: "
          f"{clock_allocations} allocations, {lcd_text()!r}")
    driver.save_screenshot(os.path.join(out, "page.png"))

    # The network panel: a message arrives; the phone's state outlives a
    # reload, read back by the module from the browser's storage.
    driver.find_element(By.CSS_SELECTOR, "#network-sms button").click()
    outcome = lambda: driver.find_element(By.ID, "network-outcome").text
    check(outcome().startswith("Done: network sms"), f"the panel sends a message: {outcome()!r}")

    def line(text):
        field = driver.find_element(By.CSS_SELECTOR, "#network-line input")
        field.clear()
        field.send_keys(text)
        driver.find_element(By.CSS_SELECTOR, "#network-line button").click()
        return outcome()

    WebDriverWait(driver, 10).until(lambda d: line("expect inbox 1").startswith("Done"))
    driver.find_element(By.ID, "contacts-import").send_keys(contacts)
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "storage-outcome").get_attribute("textContent")
        .startswith("Imported"))
    imported = driver.execute_script("return window.t9phone.exports.t9_contacts()")
    check(imported > 0, f"a vCard file is imported into the book ({imported} bytes of cards)")
    driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
    time.sleep(2.5)  # the state is saved when the typing rests
    driver.refresh()
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'yes'"))
    status = driver.find_element(By.ID, "status").text
    check("Set aside" not in status and "did not start" not in status,
          f"the saved state opens in the module after a reload: {status!r}")
    check(line("expect inbox 1").startswith("Done"), f"the message outlives the reload: {outcome()!r}")
    check(driver.execute_script("return window.t9phone.exports.t9_contacts()") == imported,
          "the contacts outlive the reload")
    check(line("expect inbox 2").startswith("1: the inbox holds 1 messages"),
          f"a failing expectation says why: {outcome()!r}")

    # A scenario, opened and replayed at once.
    driver.find_element(By.ID, "scenario-file").send_keys(scenario)
    driver.find_element(By.ID, "replay-now").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "replay-outcome").text)
    outcome = driver.find_element(By.ID, "replay-outcome").text
    check(outcome.startswith("PASS"), f"the scenario replays in the page: {outcome!r}")
    checks = driver.find_elements(By.CSS_SELECTOR, "#replay-checks li")
    check(len(checks) > 0 and all(item.get_attribute("class") == "pass" for item in checks),
          f"each of its {len(checks)} expectations is shown passing")
    frames = int(driver.find_element(By.ID, "replay-frame").get_attribute("max")) + 1
    check(frames == len(references), f"the page has {frames} frames, replay --png {len(references)}")
    canvas = driver.find_element(By.ID, "lcd")
    differing = []
    for index in range(min(frames, len(references))):
        driver.execute_script(
            "const s = document.getElementById('replay-frame'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", index)
        shot = Image.open(io.BytesIO(canvas.screenshot_as_png)).convert("RGB")
        expected = Image.open(references[index]).convert("RGB")
        if shot.size != expected.size or shot.tobytes() != expected.tobytes():
            differing.append(index)
            if len(differing) == 1:
                shot.save(os.path.join(out, f"differs-{index + 1:04d}-page.png"))
        if index == frames - 1:
            shot.save(os.path.join(out, "lcd-last-frame.png"))
    check(not differing, f"{frames} frames: the LCD element's screenshot equals replay --png "
          f"pixel for pixel (differing: {differing[:10]})")
    # The last check's frame as text: the replay's glass.
    checks[-1].find_element(By.TAG_NAME, "button").click()
    check(lcd_text().strip() != "", f"the replayed glass is exposed as text: {lcd_text()!r}")
finally:
    for entry in driver.get_log("browser"):
        print("browser:", entry.get("message"))
    driver.quit()

print(f"first frame {first_frame:.0f} ms after the page started loading (module compiled "
      f"{marks['module']:.0f} ms, dictionaries decoded {marks['dictionaries']:.0f} ms, "
      f"phone started {marks['phone']:.0f} ms)")
if key_times:
    ordered = sorted(key_times)
    slowest = sorted(range(len(key_times)), key=lambda index: -key_times[index])[:3]
    print(f"key edge to drawn frame: median {statistics.median(key_times):.2f} ms, "
          f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, "
          f"max {ordered[-1]:.2f} ms over {len(key_times)} edges (slowest: edges {slowest})")
    print(f"allocations in the module a key edge: {key_allocations}")
print(f"screenshots in {out}")
if failures:
    print(f"browser test: {len(failures)} failed")
    sys.exit(1)
print("browser test: passed")
