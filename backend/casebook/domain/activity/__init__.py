"""Activity: conversations, the runs that answered them, ratings, and cases taken from them."""
