import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .restructuredText) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .restructuredText) }

/// reStructuredText: what a proofreader reads of a reST document, and what it skips.
@Suite("RestructuredTextMasker")
struct RestructuredTextMaskerTests {
    @Test func proseIsNotMasked() {
        #expect(masked("").isEmpty)
        #expect(masked("A paragraph with *emphasis*, **strong** text and a list:\n\n- one\n- two\n").isEmpty)
        #expect(masked("| A line block\n| of two lines.").isEmpty)
    }

    // MARK: - Blocks

    @Test func sectionAdornmentsAndTransitions() {
        #expect(masked("Title\n=====\n\nText") == ["====="])
        #expect(checked("Title\n=====\n\nText") == ["Title", "Text"])
        #expect(masked("=====\nTitle\n=====\nText\n\n----\n\nMore") == ["=====", "=====", "----"])
        #expect(masked("Title\r\n~~~~~\r\nText") == ["~~~~~"])
    }

    @Test func codeDirectivesAreMaskedWithTheirBlock() {
        let text = "Intro.\n\n.. code-block:: python\n   :linenos:\n\n   print(teh)\n\n   x = 1\n\nAfter"
        #expect(masked(text) == [".. code-block:: python\n   :linenos:\n\n   print(teh)\n\n   x = 1"])
        #expect(checked(text) == ["Intro", "After"])
        #expect(checked(".. image:: pic.png\n   :alt: A teh picture\n\nText") == ["Text"])
        #expect(checked(".. math::\n\n   E = mc^2\n\nText") == ["Text"])
        #expect(checked(".. literalinclude:: example.py\n   :lines: 1-5\nText") == ["Text"])
        #expect(checked(".. raw:: html\n\n   <b>teh</b>\n\nText") == ["Text"])
    }

    @Test func proseDirectivesKeepTheirContent() {
        let note = ".. note:: This is important.\n   :class: special\n\n   Body text here.\n\nAfter"
        #expect(masked(note) == [".. note::", ":class: special"])
        #expect(checked(note) == ["This", "is", "important", "Body", "text", "here", "After"])
        #expect(masked(".. admonition:: Custom title\n\n   Text.") == [".. admonition::"])
        #expect(checked(".. warning::\n\n   Be careful.") == ["Be", "careful"])
    }

    @Test func aFigureKeepsItsCaptionButNotItsFile() {
        let figure = ".. figure:: images/pic.png\n   :alt: Alt text\n   :width: 200px\n\n   The caption.\n"
        #expect(masked(figure) == [".. figure:: images/pic.png", ":alt: Alt text", ":width: 200px"])
        #expect(checked(figure) == ["The", "caption"])
    }

    @Test func directivesNestInProseDirectives() {
        let text = ".. note::\n\n   Intro::\n\n       code here\n\n   .. code-block:: sh\n\n      make teh\n\n   More."
        #expect(masked(text) == [".. note::", "code here", ".. code-block:: sh\n\n      make teh"])
        #expect(checked(text) == ["Intro", "More"])
    }

    @Test func commentsAreMaskedWithTheirBlock() {
        #expect(masked(".. This is a comment\n   continued\n\nText") == [".. This is a comment\n   continued"])
        #expect(masked("..\n   Block comment\n\n   still\n\nText") == ["..\n   Block comment\n\n   still"])
        #expect(checked(".. teh comment\nText") == ["Text"])
        // `...` starts no markup.
        #expect(masked("... and so on").isEmpty)
    }

    @Test func targetsFootnotesAndSubstitutionDefinitions() {
        #expect(masked(".. _intro: https://example.com/intro\n\nText") == [".. _intro: https://example.com/intro"])
        #expect(masked(".. [1] The footnote text.") == [".. [1]"])
        #expect(checked(".. [#note] An automatic footnote.") == ["An", "automatic", "footnote"])
        #expect(masked(".. |logo| image:: logo.png\n\nText |logo| here.") == [".. |logo| image:: logo.png", "|logo|"])
        #expect(masked(".. |name| replace:: the replacement text") == [".. |name| replace::"])
        #expect(checked(".. |name| replace:: the replacement text") == ["the", "replacement", "text"])
    }

    @Test func literalBlocks() {
        let text = "Example::\n\n    code line\n\n    more code\n\nAfter"
        #expect(masked(text) == ["code line\n\n    more code"])
        #expect(checked(text) == ["Example", "After"])
        // A lone `::`, or `::` after a space, is not printed.
        #expect(masked("Example:\n\n::\n\n    code\n\nAfter") == ["::", "code"])
        #expect(masked("Example ::\n\n    code\n") == ["::", "code"])
        // Without a blank line, the next line is the paragraph's.
        #expect(masked("Not code::\nstill the paragraph").isEmpty)
        // In a list item, the block is indented past the item's text.
        #expect(masked("- An item::\n\n      code\n\n- Next item") == ["code"])
    }

    @Test func doctestBlocks() {
        #expect(masked(">>> print(teh)\nteh\n\nText") == [">>> print(teh)\nteh"])
        #expect(checked("Examples:\n    >>> f(teh)\n    2\n\nText") == ["Examples", "Text"])
    }

    @Test func fieldListMarkers() {
        let text = ":param x: The value.\n:returns: Nothing at all.\n:Author: Ada"
        #expect(masked(text) == [":param x:", ":returns:", ":Author:"])
        #expect(checked(text) == ["The", "value", "Nothing", "at", "all", "Ada"])
        #expect(masked(":-) smile").isEmpty)
    }

    // MARK: - Inline markup

    @Test func inlineLiterals() {
        #expect(masked("Use ``teh_code()`` here.") == ["``teh_code()``"])
        #expect(masked("Use ``a\nb`` here.") == ["``a\nb``"])
        // Left open: only the backquotes.
        #expect(masked("Use ``open here.") == ["``"])
    }

    @Test func rolesAndInterpretedText() {
        let text = "Call :func:`os.path.join` or :py:meth:`str.split` now."
        #expect(masked(text) == [":func:`os.path.join`", ":py:meth:`str.split`"])
        #expect(checked(text) == ["Call", "or", "now"])
        #expect(masked("The `default role` text") == ["`default role`"])
        #expect(masked("`os.sep`:data: after") == ["`os.sep`:data:"])
        #expect(masked("(:ref:`install`)") == [":ref:`install`"])
    }

    @Test func hyperlinkReferencesKeepTheirText() {
        let text = "See `the docs <https://example.com/docs>`_ and `Python`_ or `anon`__."
        #expect(masked(text) == ["`", " <https://example.com/docs>`_", "`", "`_", "`", "`__"])
        #expect(checked(text) == ["See", "the", "docs", "and", "Python", "or", "anon"])
        #expect(masked("Go to `<https://example.com>`_ now") == ["`<https://example.com>`_"])
        #expect(masked("An _`inline target` here") == ["_`", "`"])
    }

    @Test func footnoteAndSubstitutionReferences() {
        #expect(masked("Text [1]_ and [#]_ and [#note]_ and [CIT2002]_.") == ["[1]_", "[#]_", "[#note]_", "[CIT2002]_"])
        #expect(masked("The |version| release and |name|_ link") == ["|version|", "|name|_"])
        #expect(masked("a | b and [not a reference] here").isEmpty)
    }

    // MARK: - A whole document

    @Test func aWholeDocument() {
        let text = """
            ==========
            User Guide
            ==========

            .. contents:: Table of Contents
               :depth: 2

            Introduction
            ------------

            This guide explains how to install the package with ``pip install superpkg``.
            See :ref:`install` and the `project page <https://example.com>`_ for details [1]_.

            .. note::
               The |project| command needs Python 3.10.

            Example::

                $ superpkg --check file.txt

            .. code-block:: python

               import superpkg
               superpkg.check("teh text")

            .. [1] The footnote explains it.

            .. |project| replace:: superpkg
            .. _install: https://example.com/install
            """
        #expect(
            checked(text) == [
                "User", "Guide", "Introduction", "This", "guide", "explains", "how", "to", "install", "the", "package",
                "with", "See", "and", "the", "project", "page", "for", "details", "The", "command", "needs", "Python",
                "Example", "The", "footnote", "explains", "it", "superpkg",
            ])
    }

    @Test func misspellingsInProseAreFlaggedAndInMarkupNot() throws {
        let text = """
            Introdution
            ===========

            The ``recieve()`` call is descibed in :func:`teh.func`.

            .. code-block:: python

               definately = 1

            .. a comentary
            """
        #expect(try MaskerTesting.flagged(text, format: .restructuredText) == ["Introdution", "descibed"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .restructuredText,
            openings: [
                ".. code-block:: python\n   x", ".. note::\n   :a: b", "``x", ":func:`x", "`a <b>`_", "[#]_", "|a|_", "x::\n\n  y",
                ".. |a| image:: b", ".. [1] x", ":field: x", ">>> x", "====",
            ])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .restructuredText,
            pieces: [
                "..", ".. ", "::", "`", "``", ":", "_", "|", "[", "]_", "<", ">", "=====", ">>> ", ".. code-block:: python",
                ".. note::", "   ", ":param x:", "`x`_", ":func:`x`", "[#]_", ".. _a: b", ".. |a| replace:: b", "- ",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .restructuredText,
            pieces: [
                "``", "`", ":a:`", "|a", "[1", "`a <", ".. ", "::\n", "Text::\n\n    code\n", ".. note::\n   :a: b\n", "_`",
                ">>> a\n", ":a", ".. |a", "`a`:", "- a::\n\n",
            ])
    }
}
