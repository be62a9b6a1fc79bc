"""How a stack moves, for drawing it: settling and falling frames from a 2-D physics engine.

The rules never ask this module anything: whether a stack stands is decided by the exact
model in :mod:`highstakes.catalog.stacking.model`, in integers, so that a record replays the
same everywhere. What a physics engine adds is the motion a table can show once the model has
spoken: pieces tipping and sliding off a collapsing stack. It uses pymunk, an optional extra
(``pip install "highstakes[physics]"``); without it :func:`fall_frames` says so and faces draw
the stack still.

Lengths here are millimetres and masses grams; y grows upward from the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from highstakes.catalog.stacking.model import Plate

#: Frames a second, and how long a fall is followed.
FRAME_RATE = 60
SECONDS = 1.5
#: Gravity in millimetres per second squared.
GRAVITY = 9_810.0
#: Dry friction between pieces and with the table (metal on metal, roughly).
FRICTION = 0.4
#: How fast the pieces over a failing level start to tip (mm/s sideways, radians/s): the model
#: keeps a margin, so a stack it calls fallen may balance at the very edge in the physics, and
#: a placed piece does not arrive at rest.
TIP_SPEED, TIP_SPIN = 40.0, 1.5


class PhysicsUnavailable(RuntimeError):
    """pymunk is not installed: the optional ``physics`` extra."""


def fall_frames(stack: Sequence[tuple[Plate, int]], seconds: float = SECONDS, *,
                tip_from: int | None = None, tip_right: bool = True, frame_rate: int = FRAME_RATE,
                ) -> list[list[tuple[float, float, float]]]:
    """The stack's pieces frame by frame as gravity acts on them: per frame, per piece from the
    bottom, its centre ``(x, y)`` in millimetres and its angle in radians.

    The first frame is the stack as the model holds it: plates flat, each resting on the one
    below, centred where the model put it (hundredths of a millimetre become millimetres).
    ``frame_rate`` frames a second of the physics' time (a slow-motion picture wants more).
    ``tip_from``: the pieces from this level up start tipping over, to the right or the left
    (the model's first failing level, and the side its centre of mass overhangs).
    """
    try:
        import pymunk
    except ImportError as missing:
        raise PhysicsUnavailable("the stacking game's animation needs pymunk: "
                                 'pip install "highstakes[physics]"') from missing
    space = pymunk.Space()
    space.gravity = (0.0, -GRAVITY)
    table = pymunk.Segment(space.static_body, (-1_000.0, 0.0), (1_000.0, 0.0), 0.0)
    table.friction = FRICTION
    space.add(table)
    bodies = []
    height = 0.0
    for plate, centre in stack:
        width, thickness, mass = plate.width / 100, plate.thickness / 100, plate.mass / 100
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, (width, thickness)))
        body.position = (centre / 100, height + thickness / 2)
        shape = pymunk.Poly.create_box(body, (width, thickness))
        shape.friction = FRICTION
        space.add(body, shape)
        if tip_from is not None and len(bodies) >= tip_from:
            side = 1.0 if tip_right else -1.0
            body.velocity = (side * TIP_SPEED, 0.0)
            body.angular_velocity = -side * TIP_SPIN
        bodies.append(body)
        height += thickness
    frames = []
    step = 1.0 / frame_rate
    for _frame in range(round(seconds * frame_rate) + 1):
        frames.append([(body.position.x, body.position.y, body.angle) for body in bodies])
        for _substep in range(10):  # small steps keep thin plates from passing through each other
            space.step(step / 10)
    return frames
