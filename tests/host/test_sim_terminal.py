# The terminal simulator without a terminal: keys in, the picture out as text.
import io

from tileclock_host.sim.terminal import Terminal, key_to_event, render


def test_keys_press_seats_and_the_display_is_drawn_in_half_blocks():
    out = io.StringIO()
    term = Terminal(seats=4, out=out)
    try:
        term.app.safe_step()
        term.draw(force=True)
        picture = out.getvalue()
        assert "Home" in picture and ("\u2580" in picture or "\u2584" in picture)
        assert term.handle("2")                 # Start: a Word-Sport game
        for _ in range(30):
            term.app.safe_step()
            term.board.sleep_ms(10)
        assert type(term.app.manager.screen).__name__ == "WsReady"
        term.reboot()                           # the journal brings the game back
        term.app.safe_step()
        assert type(term.app.manager.screen).__name__ == "WsReady"
        assert not term.handle("q")
    finally:
        term.close()


def test_key_map_and_render_size():
    assert key_to_event("3", 4, False) == ("press", 3)
    assert key_to_event("3", 4, True) == ("long", 3)
    assert key_to_event("#", 4, False) == ("long", 3)
    assert key_to_event("5", 4, False) is None
    lines = render(bytes(1024))
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
