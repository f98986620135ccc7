# The simulator: the firmware's app on a SimBoard, driven by the keyboard
# (terminal.py, CPython) or by a script of timed presses (script.py, which
# runs on CPython and on the MicroPython unix port alike).
