# tileclock in a web page: the firmware's app on MicroPython's WebAssembly
# port, on a board made for the page (board.py); page.py is what the page's
# JavaScript (page.js) calls.
