"""The Textual face: screens and widgets over the operations layer."""
