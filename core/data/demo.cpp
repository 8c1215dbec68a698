// Implemented by the dataset work (issue 2).
