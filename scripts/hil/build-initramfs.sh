#!/usr/bin/env bash
# Builds the initramfs the hardware-in-the-loop guest boots: busybox, the USB
# keyboard, USB serial (ftdi_sio) and evdev kernel modules, the t9phone binary with the shared
# libraries it links, Keymaps/ and Dictionaries/, the vCard files scenarios
# load (at their paths in the repository), and an /init that starts the
# firmware on the emulated keypad with its output on the serial console —
# or /t9/control, which starts and stops it on the host's command, for many
# scenarios in one guest.
#
# Usage: scripts/hil/build-initramfs.sh OUT_DIR BINARY
# Prints the path of the cpio.gz. The result is cached in OUT_DIR under a hash
# of its inputs (binary, kernel version, keymaps, dictionaries, this script),
# (binary, kernel version, keymaps, dictionaries, vCards, this script), so a
# second run with the same binary returns at once.
# Environment: HIL_KVER (kernel version; default: the newest /boot/vmlinuz-*).
set -euo pipefail
export PATH=$PATH:/sbin:/usr/sbin

if [[ $# -ne 2 ]]; then
  echo "usage: $0 OUT_DIR BINARY" >&2
  exit 2
fi
out_dir=$1
binary=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)

die() {
  echo "build-initramfs: error: $*" >&2
  exit 1
}

[[ -x $binary ]] || die "no executable at $binary (run \`make firmware\` first)"
busybox=$(command -v busybox || true)
[[ -n $busybox ]] || die "busybox not found (apt-get install busybox-static)"
if ldd "$busybox" >/dev/null 2>&1; then
  die "$busybox is dynamically linked; the guest needs busybox-static"
fi

kver=${HIL_KVER:-$(ls /boot/vmlinuz-* 2>/dev/null | sed 's|.*/vmlinuz-||' | sort -V | tail -n 1)}
[[ -n $kver && -d /lib/modules/$kver ]] ||
  die "no kernel modules for '${kver}' (apt-get install linux-image-amd64)"

modules=(evdev usb-common usbcore hid usbhid hid-generic xhci-hcd xhci-pci i2c-dev i2c-stub
  usbserial ftdi_sio)
# Parameters for insmod, by module name: i2c-stub emulates one chip at the
# usual PCF8574 backpack address (the display the firmware drives).
declare -A module_params=([i2c-stub]="chip_addr=0x27")

# The module files in load order, each once (dependencies first).
module_files() {
  local m line path
  declare -A seen=()
  for m in "${modules[@]}"; do
    while read -r line; do
      case $line in
        insmod\ *)
          path=${line#insmod }
          path=${path%% *}
          if [[ -z ${seen[$path]:-} ]]; then
            seen[$path]=1
            echo "$path"
          fi
          ;;
        builtin\ *) ;;
        *) die "modprobe: unexpected line '$line'" ;;
      esac
    done < <(modprobe -S "$kver" -D "$m" 2>/dev/null || die "module $m not found for $kver")
  done
}
mapfile -t mod_paths < <(module_files)
for m in "${modules[@]}"; do
  printf '%s\n' "${mod_paths[@]}" | grep -q "/$m\.ko" ||
    die "kernel module $m not found for $kver (modprobe -S $kver -D $m)"
done

# Cache key: everything that goes into the image.
key=$(
  {
    sha256sum "$binary" "$0" "$busybox"
    echo "$kver"
    printf '%s\n' "${mod_paths[@]}"
    find "$repo/Keymaps" "$repo/Dictionaries" "$repo/Scenarios" "$repo/Tests/Fixtures" -type f \
      \( -name '*.keymap' -o -name '*.t9dict' -o -name '*.t9pairs' -o -name '*.vcf' \) \
      -print0 2>/dev/null | sort -z | xargs -0 -r sha256sum
  } | sha256sum | cut -c1-16
)
mkdir -p "$out_dir"
image="$out_dir/initramfs-$key.cpio.gz"
if [[ -s $image ]]; then
  echo "$image"
  exit 0
fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,lib/modules,t9/state,usr/bin,usr/sbin}

cp "$busybox" "$root/bin/busybox"
for applet in $("$busybox" --list); do
  [[ $applet == busybox ]] && continue
  ln -sf /bin/busybox "$root/bin/$applet"
done

# Modules, decompressed (busybox insmod takes plain .ko), in load order.
: >"$root/lib/modules/load-order"
for path in "${mod_paths[@]}"; do
  name=$(basename "$path")
  case $path in
    *.ko.xz) xz -dc "$path" >"$root/lib/modules/${name%.xz}"; name=${name%.xz} ;;
    *.ko.zst) zstd -qdc "$path" >"$root/lib/modules/${name%.zst}"; name=${name%.zst} ;;
    *.ko.gz) gzip -dc "$path" >"$root/lib/modules/${name%.gz}"; name=${name%.gz} ;;
    *.ko) cp "$path" "$root/lib/modules/$name" ;;
    *) die "unexpected module file $path" ;;
  esac
  echo "$name ${module_params[${name%.ko}]:-}" >>"$root/lib/modules/load-order"
done

# The firmware (debug sections stripped: a smaller image unpacks faster) and
# every shared library it needs, at the same paths.
cp "$binary" "$root/t9/t9phone"
strip --strip-debug "$root/t9/t9phone" 2>/dev/null || true

# The libraries, from ldd's lines, read by the shell (no awk: mawk, Debian's
# default, has no \s, and a pattern that silently matched nothing once left
# the dynamic loader out of the image):
#   libfoo.so.1 => /lib/x86_64-linux-gnu/libfoo.so.1 (0x...)   a library
#   /lib64/ld-linux-x86-64.so.2 (0x...)                          the loader
#   linux-vdso.so.1 (0x...)                                      in the kernel
#   libfoo.so.1 => not found                                     an error
ldd_out=$(LC_ALL=C ldd "$binary" 2>&1) || {
  case $ldd_out in
    *"not a dynamic executable"* | *"statically linked"*) ldd_out= ;;
    *) die "ldd $binary failed: $ldd_out" ;;
  esac
}
libs=()
while read -r name arrow path _; do
  if [[ $arrow == "=>" ]]; then
    [[ $path == /* ]] || die "$binary needs $name, which ldd did not find: $name => $path"
    libs+=("$path")
  elif [[ $name == /* ]]; then
    libs+=("$name")
  fi
done <<<"$ldd_out"
for lib in ${libs[@]+"${libs[@]}"}; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done

# Check the image rather than trust the parsing above: the program
# interpreter named in the binary's ELF header, and every library that the
# binary or a copied library names as NEEDED, must be in the image.
interp=$(LC_ALL=C readelf -l "$binary" | sed -n 's/.*\[Requesting program interpreter: \(.*\)\]$/\1/p')
if [[ -n $interp ]]; then
  [[ -e $root$interp ]] || die "the dynamic loader $interp of $binary is not in the image"
fi
lib_dirs=()
for lib in ${libs[@]+"${libs[@]}"}; do lib_dirs+=("$(dirname "$lib")"); done
for elf in "$binary" ${libs[@]+"${libs[@]}"}; do
  for needed in $(LC_ALL=C readelf -d "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
    found=
    for dir in ${lib_dirs[@]+"${lib_dirs[@]}"}; do
      [[ -e $root$dir/$needed ]] && { found=1; break; }
    done
    [[ -n $found ]] || die "$elf needs $needed, which is not in the image"
  done
done
echo "build-initramfs: $binary: loader ${interp:-none (static)}, ${#libs[@]} libraries in the image" >&2

[[ -d $repo/Keymaps ]] && cp -r "$repo/Keymaps" "$root/t9/Keymaps"
# The files the firmware reads at start, as a board has them: each
# language's compiled dictionary and its next-word table. One missing is
# an error: the guest would predict less than the firmware does elsewhere.
mkdir -p "$root/t9/Dictionaries"
for list in "$repo"/Dictionaries/*.tsv; do
  language=$(basename "$list" .tsv)
  for file in "$language.t9dict" "$language.t9pairs"; do
    [[ -f $repo/Dictionaries/$file ]] ||
      die "Dictionaries/$file is missing (run \`make dictionaries\`): the guest would not have it"
    cp "$repo/Dictionaries/$file" "$root/t9/Dictionaries/"
  done
done
# A scenario's `dictionary off`: a folder without dictionaries. Its
# `contacts FILE`: the vCards of Scenarios/ and Tests/Fixtures/ at their
# paths in the repository; none: an empty one.
mkdir -p "$root/t9/no-dictionaries"
: >"$root/t9/no-contacts.vcf"
(cd "$repo" && find Scenarios Tests/Fixtures -type f -name '*.vcf' 2>/dev/null) |
  while read -r vcf; do
    mkdir -p "$root/t9/$(dirname "$vcf")"
    cp "$repo/$vcf" "$root/t9/$vcf"
  done

cat >"$root/init" <<'INIT'
#!/bin/sh
# HIL guest: load the USB keyboard drivers, wait for the keypad, run the
# firmware with its output on ttyS0, power off when it exits.
# The command is everything after `--` on the kernel command line (the kernel
# passes it to init as arguments), or the default below.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /dev/input
exec </dev/null >/dev/ttyS0 2>&1
echo "hil: init $(cut -d' ' -f1 /proc/uptime)s"
while read -r m params; do
  insmod "/lib/modules/$m" $params || echo "hil: insmod $m failed"
done </lib/modules/load-order
# The display: i2c-stub emulates a chip at 0x27 on an adapter of its own;
# its dynamic debug logs every send-byte transfer the kernel accepts for it
# (`i2c i2c-N: smbus byte - addr 0x27, wrote 0x08.`), and the smbus_write
# tracepoint every I2C-block write's bytes. A reader copies the
# kernel log (/dev/kmsg records, with their sequence numbers) onto the third
# serial port, ttyS2, for the host to decode. cat stops with EPIPE when
# records were overwritten before it read them: it is restarted, and the
# host drops records it has seen and reports the gap in the sequence.
i2cdev=
for a in /sys/class/i2c-dev/i2c-*; do
  [ -e "$a" ] || continue
  case "$(cat "$a/name" 2>/dev/null)" in
    *SMBus\ stub*) i2cdev=/dev/${a##*/} ;;
  esac
done
if [ -n "$i2cdev" ]; then
  mount -t debugfs debugfs /sys/kernel/debug
  echo 'module i2c_stub +p' >/sys/kernel/debug/dynamic_debug/control ||
    echo "hil: i2c-stub dynamic debug not enabled"
  # The stub logs only the length of an I2C-block write: the bytes come from
  # the kernel's smbus_write tracepoint, kept to I2C-block writes (protocol
  # 8) and printed into the kernel log (tracepoint_printk), so they reach
  # the host in order with the stub's lines.
  t=/sys/kernel/debug/tracing/events/smbus/smbus_write
  if echo 'protocol == 8' >$t/filter && echo 1 >$t/enable &&
    echo 1 >/proc/sys/kernel/tracepoint_printk; then
    echo "hil: i2c block writes traced"
  else
    echo "hil: i2c block writes not traced"
  fi
  if [ -c /dev/ttyS2 ]; then
    (while :; do cat /dev/kmsg; sleep 0.01; done) </dev/null >/dev/ttyS2 2>&1 &
  fi
  echo "hil: i2c $i2cdev ($(cat /sys/class/i2c-dev/${i2cdev##*/}/name))"
else
  echo "hil: no i2c-stub adapter"
fi
# Wait (up to 20 s) for an evdev node on USB: the emulated keypad.
i=0
found=
while [ $i -lt 400 ]; do
  for e in /sys/class/input/event*; do
    [ -e "$e" ] || continue
    case "$(cat "$e/device/phys" 2>/dev/null)" in
      usb*) found=/dev/input/${e##*/} ;;
    esac
  done
  [ -n "$found" ] && [ -c "$found" ] && break
  found=
  i=$((i + 1))
  sleep 0.05
done
if [ -z "$found" ]; then
  echo "hil: no USB input device appeared"
  cat /proc/bus/input/devices
  poweroff -f
fi
echo "hil: keypad $found ($(cat /sys/class/input/${found##*/}/device/name)) at $(cut -d' ' -f1 /proc/uptime)s"
cd /t9
export HOME=/t9/state
# `@I2C@` in the command stands for the stub's device (its adapter number
# depends on what else registered an adapter first).
for a; do
  shift
  case $a in *@I2C@*) a=$(echo "$a" | sed "s|@I2C@|$i2cdev|g") ;; esac
  set -- "$@" "$a"
done
if [ $# -gt 0 ]; then
  "$@"
else
  /t9/t9phone run --input auto --keymap /t9/Keymaps/numpad-phone.keymap --lcd 16x2 --display text
fi
echo "hil: exit $? at $(cut -d' ' -f1 /proc/uptime)s"
sync
poweroff -f
INIT
chmod +x "$root/init"

# Many scenarios in one guest (hil.py --one-boot): the command is
# `/t9/control @I2C@`, which reads the host's commands from the fourth
# serial port (ttyS3, a socket on the host), one a line:
#   run N ARGS...  waits for the keypad, then starts `/t9/t9phone ARGS` with a
#                  fresh state folder (HOME=/tmp/state); `@I2C@` in ARGS is the
#                  stub's device; says `hil: run N`, and `hil: exit STATUS
#                  run N` when the firmware exits
#   stop N         stops it (SIGTERM; SIGKILL after 5 s), writes `hil: mark N`
#                  into the kernel log (where the glass decoder starts afresh)
#                  and says `hil: stopped N`
#   quit           powers the guest off
cat >"$root/t9/control" <<'CONTROL'
#!/bin/sh
i2cdev=$1
set -f # ARGS are words: no file name expansion
# Open the port before saying so: what arrives while no one has it open is lost.
exec 3</dev/ttyS3
stty -F /dev/ttyS3 raw -echo || echo "hil: control: stty failed"
keypad() { # waits (up to 10 s) for an evdev node on USB
  i=0
  while [ $i -lt 200 ]; do
    set +f
    for e in /sys/class/input/event*; do
      case "$(cat "$e/device/phys" 2>/dev/null)" in
        usb*) [ -c "/dev/input/${e##*/}" ] && { set -f; return 0; } ;;
      esac
    done
    set -f
    i=$((i + 1))
    sleep 0.05
  done
  echo "hil: no USB input device"
}
stop() {
  if [ -s /tmp/fw.pid ]; then
    p=$(cat /tmp/fw.pid)
    kill -TERM "$p" 2>/dev/null
    i=0
    while kill -0 "$p" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    kill -KILL "$p" 2>/dev/null
  fi
  [ -n "$sub" ] && wait "$sub"
  sub=
  rm -f /tmp/fw.pid
}
echo "hil: control ready"
while read -r verb n rest; do
  case $verb in
    run)
      stop
      keypad
      rm -rf /tmp/state
      mkdir -p /tmp/state
      set --
      for a in $rest; do
        case $a in *@I2C@*) a=$(echo "$a" | sed "s|@I2C@|$i2cdev|g") ;; esac
        set -- "$@" "$a"
      done
      echo "hil: run $n"
      (
        HOME=/tmp/state /t9/t9phone "$@" </dev/null 3<&- &
        echo $! >/tmp/fw.pid
        wait $!
        echo "hil: exit $? run $n"
      ) &
      sub=$!
      ;;
    stop)
      stop
      echo "hil: mark $n" >/dev/kmsg
      echo "hil: stopped $n"
      ;;
    quit) break ;;
  esac
done <&3
stop
CONTROL
chmod +x "$root/t9/control"

# A probe that prints every event of the keypad (for checking the pipeline
# without the firmware): `ready`, then one line per input_event, 6 int32s:
# sec_lo sec_hi usec_lo usec_hi type|code<<16 value.
cat >"$root/t9/probe" <<'PROBE'
#!/bin/sh
# Prints `t9phone: ready` (later `t9phone: keypad connected`) when the USB
# keypad is there, every event while it is, `t9phone: keypad disconnected`
# when it goes.
first=1
while true; do
  dev=
  while [ -z "$dev" ]; do
    for e in /sys/class/input/event*; do
      case "$(cat "$e/device/phys" 2>/dev/null)" in usb*) dev=/dev/input/${e##*/} ;; esac
    done
    [ -n "$dev" ] && [ -c "$dev" ] || { dev=; sleep 0.05; }
  done
  name=$(cat /sys/class/input/${dev##*/}/device/name)
  od -A n -v -t d4 -w24 "$dev" &
  sleep 0.5 # announce only once od has the device open
  if [ $first = 1 ]; then echo "t9phone: ready $dev $name"; first=0
  else echo "t9phone: keypad connected $dev"; fi
  wait
  echo "t9phone: keypad disconnected"
  while [ -e "$dev" ]; do sleep 0.05; done
done
PROBE
chmod +x "$root/t9/probe"

# A check of the display pipeline without the firmware: busybox's i2cset
# sends the HD44780's 4-bit initialisation and "Hi" to the stub on the usual
# backpack wiring (P0=RS, P2=E, P3=backlight, P4-P7=D4-D7), one SMBus
# send-byte per expander state, each nibble strobed E low-high-low.
# Usage: /t9/i2c-demo /dev/i2c-N (the harness passes @I2C@).
cat >"$root/t9/i2c-demo" <<'DEMO'
#!/bin/sh
bus=${1#/dev/i2c-}
set -e
put() { i2cset -y "$bus" 0x27 "$(printf '0x%02x' "$1")"; } # busybox reads bare numbers as hex
nibble() { # RS NIBBLE
  b=$((($2 << 4) | 8 | $1))
  put $b; put $((b | 4)); put $b
}
byte() { nibble "$1" $(($2 >> 4)); nibble "$1" $(($2 & 15)); }
echo "t9phone: ready (i2c demo on $1)"
put 8
sleep 0.02
nibble 0 3; sleep 0.005; nibble 0 3; nibble 0 3; nibble 0 2
for v in 0x28 0x08 0x01 0x06 0x0C; do byte 0 $v; done
byte 1 0x48; byte 1 0x69
byte 0 0xC0
for c in 0x69 0x32 0x63; do byte 1 $c; done
echo "hil: i2c demo sent"
sleep 600
DEMO
chmod +x "$root/t9/i2c-demo"

tmp_image="$image.tmp.$$"
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | "$busybox" cpio -o -H newc -R 0:0 2>/dev/null) |
  gzip -1 >"$tmp_image"
mv "$tmp_image" "$image"
# Keep only the newest few images.
ls -t "$out_dir"/initramfs-*.cpio.gz 2>/dev/null | tail -n +4 | xargs -r rm -f
echo "$image"
