"""The Looney Tunes Trading Card Game (Wizards of the Coast, 2000): actors steal scenes."""
