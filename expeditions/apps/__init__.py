"""The apps as a person starts them, from an installed package: ``expeditions learn``, ``play``, ``explore``
and ``notebooks`` (``pip install "expeditions[apps]"``; ``cli``).

- ``learn``, ``play`` and ``explore`` serve one app notebook each with Voila (the lessons, the card table, the
  what-if explorer), with the settings of ``voila.json`` beside this module (``serving``): a kernel for each
  page load, shut down once its page has been gone for two minutes, and at most ``max_kernels`` at a time;
- ``notebooks`` opens JupyterLab on a copy of the packaged notebooks in a folder of the user's;
- every command listens on 127.0.0.1 unless told ``--ip``; beyond this machine a token is required (one is
  made up when none is given) and printed in the address.
"""
