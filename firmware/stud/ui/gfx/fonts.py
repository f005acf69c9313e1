"""Our own pixel fonts, as data: SMALL (3x5 capitals, digits, a little punctuation)
for everything dense, BIG (5x7) for titles, the pot and the winner.

The glyphs are drawn below as art - '#' a lit pixel, each glyph under its
character (SP is the space), one blank column after each glyph when drawn -
and stored as bytes: one byte per column, bit 0 the top row (the SSD1306's
page order), `stride` bytes a glyph, in character order from ' ' to '~';
`widths` says how many columns each glyph has (0: none).  Frame.text
(stud.ui.gfx.frame) blits a glyph's image where framebuf exists (the font
makes it, the first time the glyph is drawn), and the pure canvas ORs the
columns into the frame.  Digits share one width, so numbers line up.

The art is a bare string: MicroPython's compiler drops it, so it costs the
device nothing.  host_tests/test_ui_frame.py parses it and checks that the
bytes match (its failure message prints the bytes to paste after an edit).
"""

"""
    SMALL 5
    SP  !  %    '  (   )   +    ,   -    .  /    0
    ..  #  #.#  #  .#  #.  ...  ..  ...  .  ..#  ###
    ..  #  ..#  #  #.  .#  .#.  ..  ...  .  ..#  #.#
    ..  #  .#.  .  #.  .#  ###  ..  ###  .  .#.  #.#
    ..  .  #..  .  #.  .#  .#.  .#  ...  .  #..  #.#
    ..  #  #.#  .  .#  #.  ...  #.  ...  #  #..  ###

    1    2    3    4    5    6    7    8    9    :  <    =
    .#.  ##.  ##.  #.#  ###  .##  ###  ###  ###  .  ..#  ...
    ##.  ..#  ..#  #.#  #..  #..  ..#  #.#  #.#  #  .#.  ###
    .#.  .#.  .#.  ###  ##.  ###  .#.  ###  ###  .  #..  ...
    .#.  #..  ..#  ..#  ..#  #.#  .#.  #.#  ..#  #  .#.  ###
    ###  ###  ##.  ..#  ##.  ###  .#.  ###  ##.  .  ..#  ...

    >    ?    A    B    C    D    E    F    G    H    I    J
    #..  ##.  .#.  ##.  .##  ##.  ###  ###  .##  #.#  ###  ..#
    .#.  ..#  #.#  #.#  #..  #.#  #..  #..  #..  #.#  .#.  ..#
    ..#  .#.  ###  ##.  #..  #.#  ##.  ##.  #.#  ###  .#.  ..#
    .#.  ...  #.#  #.#  #..  #.#  #..  #..  #.#  #.#  .#.  #.#
    #..  .#.  #.#  ##.  .##  ##.  ###  #..  .##  #.#  ###  .#.

    K    L    M      N     O    P    Q    R    S    T    U    V
    #.#  #..  #...#  #..#  .#.  ##.  .#.  ##.  .##  ###  #.#  #.#
    #.#  #..  ##.##  ##.#  #.#  #.#  #.#  #.#  #..  .#.  #.#  #.#
    ##.  #..  #.#.#  #.##  #.#  ##.  #.#  ##.  .#.  .#.  #.#  #.#
    #.#  #..  #...#  #..#  #.#  #..  ##.  #.#  ..#  .#.  #.#  #.#
    #.#  ###  #...#  #..#  .#.  #..  .##  #.#  ##.  .#.  ###  .#.

    W      X    Y    Z    ^    ;
    #...#  #.#  #.#  ###  .#.  ..
    #...#  #.#  #.#  ..#  ###  .#
    #.#.#  .#.  .#.  .#.  ...  ..
    ##.##  #.#  .#.  #..  ###  .#
    #...#  #.#  .#.  ###  .#.  #.
"""

"""
    BIG 7
    SP   !  %      +      -      .   :   0      1
    ...  #  ##..#  .....  .....  ..  ..  .###.  ..#..
    ...  #  ##.#.  ..#..  .....  ..  ##  #...#  .##..
    ...  #  ...#.  ..#..  .....  ..  ##  #..##  ..#..
    ...  #  ..#..  #####  #####  ..  ..  #.#.#  ..#..
    ...  #  .#...  ..#..  .....  ..  ##  ##..#  ..#..
    ...  .  .#.##  ..#..  .....  ##  ##  #...#  ..#..
    ...  #  #..##  .....  .....  ##  ..  .###.  .###.

    2      3      4      5      6      7      8      9      A
    .###.  #####  ...#.  #####  ..##.  #####  .###.  .###.  .###.
    #...#  ...#.  ..##.  #....  .#...  ....#  #...#  #...#  #...#
    ....#  ..#..  .#.#.  ####.  #....  ...#.  #...#  #...#  #...#
    ...#.  ...#.  #..#.  ....#  ####.  ..#..  .###.  .####  #####
    ..#..  ....#  #####  ....#  #...#  .#...  #...#  ....#  #...#
    .#...  #...#  ...#.  #...#  #...#  .#...  #...#  ...#.  #...#
    #####  .###.  ...#.  .###.  .###.  .#...  .###.  .##..  #...#

    B      C      D      E      F      G      H      I    J
    ####.  .###.  ####.  #####  #####  .###.  #...#  ###  ..###
    #...#  #...#  #...#  #....  #....  #...#  #...#  .#.  ...#.
    #...#  #....  #...#  #....  #....  #....  #...#  .#.  ...#.
    ####.  #....  #...#  ####.  ####.  #.###  #####  .#.  ...#.
    #...#  #....  #...#  #....  #....  #...#  #...#  .#.  ...#.
    #...#  #...#  #...#  #....  #....  #...#  #...#  .#.  #..#.
    ####.  .###.  ####.  #####  #....  .####  #...#  ###  .##..

    K      L      M      N      O      P      Q      R      S
    #...#  #....  #...#  #...#  .###.  ####.  .###.  ####.  .####
    #..#.  #....  ##.##  #...#  #...#  #...#  #...#  #...#  #....
    #.#..  #....  #.#.#  ##..#  #...#  #...#  #...#  #...#  #....
    ##...  #....  #.#.#  #.#.#  #...#  ####.  #...#  ####.  .###.
    #.#..  #....  #...#  #..##  #...#  #....  #.#.#  #.#..  ....#
    #..#.  #....  #...#  #...#  #...#  #....  #..#.  #..#.  ....#
    #...#  #####  #...#  #...#  .###.  #....  .##.#  #...#  ####.

    T      U      V      W      X      Y      Z
    #####  #...#  #...#  #...#  #...#  #...#  #####
    ..#..  #...#  #...#  #...#  #...#  #...#  ....#
    ..#..  #...#  #...#  #...#  .#.#.  .#.#.  ...#.
    ..#..  #...#  #...#  #.#.#  ..#..  ..#..  ..#..
    ..#..  #...#  #...#  #.#.#  .#.#.  ..#..  .#...
    ..#..  #...#  .#.#.  #.#.#  #...#  ..#..  #....
    ..#..  .###.  ..#..  .#.#.  #...#  ..#..  #####
"""


class Font:
    def __init__(self, height, stride, widths, data, first=32):
        self.height = height
        self.stride = stride
        self.widths = widths
        self.data = data
        self.first = first
        self.space = widths[0] + 1    # the advance of ' '
        self.images = [None] * len(widths)   # framebuf images, made as glyphs are first drawn
        self._sheet = None

    def image(self, i):
        """Glyph i as a framebuf image for Frame.text's blit (kept: a glyph drawn once is
        drawn again).  Only called where framebuf exists."""
        import framebuf
        if self._sheet is None:
            self._sheet = memoryview(bytearray(self.data))   # framebuf wants it writable
        w = self.widths[i]
        o = i * self.stride
        img = framebuf.FrameBuffer(self._sheet[o:o + w], w, self.height, framebuf.MONO_VLSB)
        self.images[i] = img
        return img

    def width(self, s):
        """Pixels `s` (printable ASCII) takes, without the blank column after its last glyph."""
        w = -1
        widths = self.widths
        i = len(s)
        while i:        # a while loop: this call's frame stays off MicroPython's heap
            i -= 1
            w += widths[ord(s[i]) - 32] + 1
        return w if w > 0 else 0

    def number_width(self, n):
        k = 1
        while n >= 10:
            n //= 10
            k += 1
        return k * (self.widths[16] + 1) - 1


SMALL = Font(5, 5,
             (b"\x02\x01\x00\x00\x00\x03\x00\x01\x02\x02\x00\x03\x02\x03\x01\x03\x03\x03\x03\x03\x03"
              b"\x03\x03\x03\x03\x03\x01\x02\x03\x03\x03\x03\x00\x03\x03\x03\x03\x03\x03\x03\x03\x03"
              b"\x03\x03\x03\x05\x04\x03\x03\x03\x03\x03\x03\x03\x03\x05\x03\x03\x03\x00\x00\x00\x03"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
             (b"\x00\x00\x00\x00\x00\x17\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x19\x04\x13\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x0e\x11"
              b"\x00\x00\x00\x11\x0e\x00\x00\x00\x00\x00\x00\x00\x00\x04\x0e\x04\x00\x00\x10\x08\x00"
              b"\x00\x00\x04\x04\x04\x00\x00\x10\x00\x00\x00\x00\x18\x04\x03\x00\x00\x1f\x11\x1f\x00"
              b"\x00\x12\x1f\x10\x00\x00\x19\x15\x12\x00\x00\x11\x15\x0a\x00\x00\x07\x04\x1f\x00\x00"
              b"\x17\x15\x09\x00\x00\x1e\x15\x1d\x00\x00\x01\x1d\x03\x00\x00\x1f\x15\x1f\x00\x00\x17"
              b"\x15\x0f\x00\x00\x0a\x00\x00\x00\x00\x10\x0a\x00\x00\x00\x04\x0a\x11\x00\x00\x0a\x0a"
              b"\x0a\x00\x00\x11\x0a\x04\x00\x00\x01\x15\x02\x00\x00\x00\x00\x00\x00\x00\x1e\x05\x1e"
              b"\x00\x00\x1f\x15\x0a\x00\x00\x0e\x11\x11\x00\x00\x1f\x11\x0e\x00\x00\x1f\x15\x11\x00"
              b"\x00\x1f\x05\x01\x00\x00\x0e\x11\x1d\x00\x00\x1f\x04\x1f\x00\x00\x11\x1f\x11\x00\x00"
              b"\x08\x10\x0f\x00\x00\x1f\x04\x1b\x00\x00\x1f\x10\x10\x00\x00\x1f\x02\x04\x02\x1f\x1f"
              b"\x02\x04\x1f\x00\x0e\x11\x0e\x00\x00\x1f\x05\x02\x00\x00\x0e\x19\x16\x00\x00\x1f\x05"
              b"\x1a\x00\x00\x12\x15\x09\x00\x00\x01\x1f\x01\x00\x00\x1f\x10\x1f\x00\x00\x0f\x10\x0f"
              b"\x00\x00\x1f\x08\x04\x08\x1f\x1b\x04\x1b\x00\x00\x03\x1c\x03\x00\x00\x19\x15\x13\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0a\x1b\x0a\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
              b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))

BIG = Font(7, 5,
           (b"\x03\x01\x00\x00\x00\x05\x00\x00\x00\x00\x00\x05\x00\x05\x02\x00\x05\x05\x05\x05\x05"
            b"\x05\x05\x05\x05\x05\x02\x00\x00\x00\x00\x00\x00\x05\x05\x05\x05\x05\x05\x05\x05\x03"
            b"\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
           (b"\x00\x00\x00\x00\x00\x5f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x43\x33\x08\x66\x61\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x08\x3e\x08\x08\x00\x00\x00"
            b"\x00\x00\x08\x08\x08\x08\x08\x60\x60\x00\x00\x00\x00\x00\x00\x00\x00\x3e\x51\x49\x45"
            b"\x3e\x00\x42\x7f\x40\x00\x42\x61\x51\x49\x46\x21\x41\x45\x4b\x31\x18\x14\x12\x7f\x10"
            b"\x27\x45\x45\x45\x39\x3c\x4a\x49\x49\x30\x01\x71\x09\x05\x03\x36\x49\x49\x49\x36\x06"
            b"\x49\x49\x29\x1e\x36\x36\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x7e\x09\x09"
            b"\x09\x7e\x7f\x49\x49\x49\x36\x3e\x41\x41\x41\x22\x7f\x41\x41\x41\x3e\x7f\x49\x49\x49"
            b"\x41\x7f\x09\x09\x09\x01\x3e\x41\x49\x49\x7a\x7f\x08\x08\x08\x7f\x41\x7f\x41\x00\x00"
            b"\x20\x40\x41\x3f\x01\x7f\x08\x14\x22\x41\x7f\x40\x40\x40\x40\x7f\x02\x0c\x02\x7f\x7f"
            b"\x04\x08\x10\x7f\x3e\x41\x41\x41\x3e\x7f\x09\x09\x09\x06\x3e\x41\x51\x21\x5e\x7f\x09"
            b"\x19\x29\x46\x46\x49\x49\x49\x31\x01\x01\x7f\x01\x01\x3f\x40\x40\x40\x3f\x1f\x20\x40"
            b"\x20\x1f\x3f\x40\x38\x40\x3f\x63\x14\x08\x14\x63\x03\x04\x78\x04\x03\x61\x51\x49\x45"
            b"\x43\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
