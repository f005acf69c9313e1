"""Pocket Stud: the poker core that runs on the device and on the host."""
