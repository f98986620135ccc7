# Tiny helpers for plain-assert tests that run under pytest and MicroPython.


def raises(exc_type, fn, *args):
    """Call fn(*args), assert it raises exc_type, and return the exception."""
    try:
        fn(*args)
    except exc_type as e:
        return e
    raise AssertionError("%s not raised by %r%r" % (exc_type.__name__, fn, args))
