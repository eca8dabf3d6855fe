// The keypad's words (keys, edges, instants) are the shared vocabulary's:
// whoever reads gestures reads them too.
@_exported import Vocabulary
