import Testing
@testable import SuperTextCore

@Suite("Hunspell dictionary")
struct HunspellDictionaryTests {
    private func englishDictionary() throws -> HunspellDictionary {
        let language = try DictionaryCatalog().resolve("en-US")
        return HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
    }

    @Test func repeatedQuestionsGetTheSameAnswers() throws {
        let dictionary = try englishDictionary()
        for _ in 0..<3 {
            #expect(dictionary.spell("house"))
            #expect(!dictionary.spell("hosue"))
            var bytes = Array("house".utf8)
            #expect(bytes.withUnsafeBufferPointer { dictionary.spell(utf8: $0) })
            bytes = Array("hosue".utf8)
            #expect(!bytes.withUnsafeBufferPointer { dictionary.spell(utf8: $0) })
        }
    }

    @Test func addingAWordForgetsEarlierAnswers() throws {
        let dictionary = try englishDictionary()
        #expect(!dictionary.spell("Hunspellish"))
        dictionary.add("Hunspellish")
        #expect(dictionary.spell("Hunspellish"))
        let bytes = Array("Hunspellish".utf8)
        #expect(bytes.withUnsafeBufferPointer { dictionary.spell(utf8: $0) })
    }
}
