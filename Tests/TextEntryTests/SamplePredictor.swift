import T9Engine

/// A predictor over a small word list with the T9 classics (the editor
/// driver lends it a fresh learning store).
func samplePredictor() throws -> Predictor {
  let list = """
    the\t7.73
    of\t7.40
    me\t6.30
    good\t5.70
    home\t5.50
    gone\t5.10
    hood\t4.20
    in\t7.20
    go\t6.10
    I\t6.90
    I'll\t5.20
    I'm\t5.60
    don't\t5.80
    done\t5.20
    Felix\t4.90
    feel\t5.30
    hello\t5.00
    help\t5.40
    is\t7.07
    it\t6.95
    a\t7.36
    """
  let bytes = try T9DictionaryBuilder.build(source: list, language: "en", file: "sample.tsv")
  let dictionary = try T9Dictionary(bytes: bytes, name: "sample.t9dict")
  return Predictor(dictionary: dictionary)
}
