import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .latex) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .latex) }

/// LaTeX: what a proofreader reads of a LaTeX source, and what it skips.
@Suite("LatexMasker")
struct LatexMaskerTests {
    @Test func proseIsNotMasked() {
        #expect(masked("").isEmpty)
        #expect(masked("Plain prose, with dashes -- and quotes ``like this'' and a [bracket].").isEmpty)
    }

    // MARK: - Comments

    @Test func commentsRunToTheEndOfTheLine() {
        #expect(masked("Text % a comment\nmore") == ["% a comment"])
        #expect(checked("Text % a comment\nmore") == ["Text", "more"])
        #expect(masked("%\n% two\r\nafter") == ["%", "% two"])
    }

    @Test func anEscapedPercentSignIsNoComment() {
        #expect(masked("50\\% off the price") == ["\\%"])
        #expect(checked("50\\% off the price") == ["off", "the", "price"])
    }

    // MARK: - Commands

    @Test func commandNamesAndBracesAreMaskedAndTheTextInsideIsProse() {
        #expect(masked("An \\emph{important} word") == ["\\emph{", "}"])
        #expect(
            checked("\\section{Introduction} The \\textbf{bold} and \\textit{italic} text\\footnote{A note.}")
                == ["Introduction", "The", "bold", "and", "italic", "text", "A", "note"])
        #expect(masked("\\section*{Title}") == ["\\section*{", "}"])
        #expect(masked("\\caption[Short]{Long caption}") == ["\\caption[Short]{", "}"])
        #expect(checked("\\caption[Short]{Long caption}") == ["Long", "caption"])
        #expect(masked("{\\bf bold} text") == ["{\\bf", "}"])
    }

    @Test func controlSymbols() {
        #expect(masked("One\\\\ two\\\\[2pt] three\\, four \\{five\\}") == ["\\\\", "\\\\[2pt]", "\\,", "\\{", "\\}"])
        #expect(checked("One\\\\ two\\\\[2pt] three\\, four") == ["One", "two", "three", "four"])
        #expect(masked("Dr.~Smith \\& Sons") == ["~", "\\&"])
    }

    @Test func optionalArgumentsAreMaskedOnlyRightAfterTheCommand() {
        #expect(masked("\\item[First] point") == ["\\item[First]"])
        #expect(masked("\\item [see] point") == ["\\item"])
        #expect(checked("\\item [see] point") == ["see", "point"])
        // An optional argument left open is text.
        #expect(masked("\\item[open and more") == ["\\item"])
    }

    @Test func theArgumentsOfReferencingCommandsAreMaskedWhole() {
        let text = "See Figure~\\ref{fig:plot}, \\cite[p.~5]{knuth84} and \\eqref{eq:one}."
        #expect(masked(text) == ["~\\ref{fig:plot}", "\\cite[p.~5]{knuth84}", "\\eqref{eq:one}"])
        #expect(checked(text) == ["See", "Figure", "and"])
        for command in [
            "\\label{sec:intro}", "\\pageref{a}", "\\autoref{b}", "\\cref{c}", "\\Cref{d}", "\\citep{a,b}", "\\citet{x}",
            "\\parencite{y}", "\\nocite{*}", "\\input{chapter}", "\\include{part}", "\\bibliography{refs}",
            "\\bibliographystyle{plain}", "\\usepackage[utf8]{inputenc}", "\\documentclass[11pt]{article}",
            "\\includegraphics[width=0.5\\textwidth]{images/plot.pdf}", "\\hspace{1em}", "\\vspace*{2cm}",
            "\\setlength{\\parindent}{0pt}", "\\newcommand{\\R}{\\mathbb{R}}", "\\renewcommand\\vec[1]{\\mathbf{#1}}",
            "\\url{https://example.com/a%20b}", "\\begin{document}", "\\end{document}",
        ] {
            #expect(masked("Text " + command + " more") == [command], "\(command)")
        }
    }

    @Test func theSecondArgumentOfHrefIsProse() {
        #expect(masked("Visit \\href{https://example.com/x%20y}{the site} now.") == ["\\href{https://example.com/x%20y}{", "}"])
        #expect(checked("Visit \\href{https://example.com}{the site} now.") == ["Visit", "the", "site", "now"])
    }

    @Test func definitionsAreMaskedWhole() {
        #expect(masked("\\def\\teh#1{the #1}\nText") == ["\\def\\teh#1{the #1}"])
        #expect(masked("\\newcommand{\\note}[2][x]{\\textbf{#1} #2}\nText") == ["\\newcommand{\\note}[2][x]{\\textbf{#1} #2}"])
    }

    @Test func anArgumentLeftOpenEndsWithItsParagraph() {
        #expect(masked("\\ref{fig\nstill\n\nNext paragraph") == ["\\ref{fig\nstill"])
        #expect(checked("\\ref{fig\nstill\n\nNext paragraph") == ["Next", "paragraph"])
    }

    // MARK: - Math

    @Test func inlineAndDisplayMath() {
        #expect(masked("The value $x^2 + y$ is positive.") == ["$x^2 + y$"])
        #expect(masked("So $$E = mc^2$$ holds") == ["$$E = mc^2$$"])
        #expect(masked("Both \\(a+b\\) and \\[c \\cdot d\\] hold") == ["\\(a+b\\)", "\\[c \\cdot d\\]"])
        #expect(masked("It costs \\$5 or $x$.") == ["\\$", "$x$"])
        #expect(checked("The value $x^2 + teh$ is positive.") == ["The", "value", "is", "positive"])
    }

    @Test func mathLeftOpenEndsWithItsParagraph() {
        #expect(masked("A $x + y\n\nNext paragraph") == ["$x + y"])
        #expect(checked("A $x + y\n\nNext paragraph") == ["A", "Next", "paragraph"])
        #expect(masked("A \\[x\r\n\r\nNext") == ["\\[x"])
        #expect(masked("A $x") == ["$x"])
    }

    @Test func mathEnvironmentsAreMaskedWhole() {
        let text = "Before\n\\begin{equation}\n  E = mc^2 \\label{e} % note\n\\end{equation}\nAfter"
        #expect(masked(text) == ["\\begin{equation}\n  E = mc^2 \\label{e} % note\n\\end{equation}"])
        #expect(checked(text) == ["Before", "After"])
        for name in ["equation*", "align", "align*", "gather", "multline", "eqnarray", "math", "displaymath"] {
            #expect(masked("\\begin{\(name)}a &= b\\end{\(name)} text") == ["\\begin{\(name)}a &= b\\end{\(name)}"])
        }
    }

    // MARK: - Verbatim

    @Test func verbatimEnvironmentsAreMaskedWhole() {
        #expect(
            masked("\\begin{verbatim}\nteh code % no comment $\n\\end{verbatim}\nText")
                == ["\\begin{verbatim}\nteh code % no comment $\n\\end{verbatim}"])
        #expect(checked("\\begin{lstlisting}[language=C]\nint recieve;\n\\end{lstlisting}\nText") == ["Text"])
        #expect(checked("\\begin{minted}{python}\nprint(teh)\n\\end{minted}\nText") == ["Text"])
        #expect(checked("\\begin{Verbatim}\nteh\n\\end{Verbatim}\nText") == ["Text"])
        #expect(checked("\\begin{comment}\nHidden teh text\n\\end{comment}\nText") == ["Text"])
    }

    @Test func anEnvironmentLeftOpenRunsToTheEnd() {
        #expect(masked("Text\n\\begin{verbatim}\ncode\n\nmore") == ["\\begin{verbatim}\ncode\n\nmore"])
    }

    @Test func verb() {
        let text = "Use \\verb|\\foo{x}| here and \\verb+a%b+ too"
        #expect(masked(text) == ["\\verb|\\foo{x}|", "\\verb+a%b+"])
        #expect(checked(text) == ["Use", "here", "and", "too"])
        // Left open: to the end of the line.
        #expect(masked("\\verb|open\nnext") == ["\\verb|open"])
    }

    // MARK: - Other environments

    @Test func otherEnvironmentsKeepTheirText() {
        let list = "\\begin{itemize}\n\\item First point\n\\end{itemize}"
        #expect(masked(list) == ["\\begin{itemize}", "\\item", "\\end{itemize}"])
        #expect(checked(list) == ["First", "point"])
        #expect(masked("\\begin{figure}[htbp]\n\\centering\n\\end{figure}") == ["\\begin{figure}[htbp]", "\\centering", "\\end{figure}"])
        #expect(
            masked("\\begin{tabular}{|l|c|}\nName & Value \\\\\n\\end{tabular}")
                == ["\\begin{tabular}{|l|c|}", "&", "\\\\", "\\end{tabular}"])
    }

    // MARK: - A whole document

    @Test func aWholeDocument() {
        let text = #"""
            \documentclass[11pt]{article}
            \usepackage[utf8]{inputenc}
            \usepackage{amsmath,graphicx}
            \newcommand{\R}{\mathbb{R}}

            \title{A Study of Spelling}
            \author{Ada Lovelace}

            \begin{document}
            \maketitle

            \section{Introduction}\label{sec:intro}
            Spelling matters~\cite{knuth84}. As shown in Figure~\ref{fig:plot}, the error rate
            falls when $n \to \infty$; see also \url{https://example.com/report}.

            % TODO: expand this section
            \begin{equation}
              E = \sum_{i=1}^{n} e_i
            \end{equation}

            \begin{figure}[htbp]
              \centering
              \includegraphics[width=0.8\textwidth]{plot.pdf}
              \caption{The error rate over time.}
              \label{fig:plot}
            \end{figure}

            \end{document}
            """#
        #expect(
            checked(text) == [
                "A", "Study", "of", "Spelling", "Ada", "Lovelace", "Introduction", "Spelling", "matters", "As", "shown",
                "in", "Figure", "the", "error", "rate", "falls", "when", "see", "also", "The", "error", "rate", "over",
                "time",
            ])
    }

    @Test func misspellingsInProseAreFlaggedAndInMarkupNot() throws {
        let text = #"""
            \section{Introdution}\label{sec:recieve}
            The \textbf{reslt} is in Figure~\ref{fig:teh} and $x = \mathrm{wich}$.
            % a comentary
            \begin{verbatim}
            definately code
            \end{verbatim}
            """#
        #expect(try MaskerTesting.flagged(text, format: .latex) == ["Introdution", "reslt"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .latex,
            openings: [
                "\\begin{equation}", "\\verb|x", "$$x$", "\\[x", "\\(x", "\\ref{x", "\\item[x", "%", "\\", "\\def\\x#1{",
                "\\href{a}{b", "\\begin{", "\\begin{verbatim}",
            ])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .latex,
            pieces: [
                "\\", "\\emph{", "{", "}", "$", "$$", "%", "\\[", "\\]", "\\(", "\\)", "\\begin{equation}", "\\end{equation}",
                "\\begin{verbatim}", "\\end{verbatim}", "\\verb|", "|", "[", "]", "\\ref{", "\\href{", "~", "&", "\\\\",
                "\\section*", "\\def", "\\begin{itemize}", "\\item", "\\%",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .latex,
            pieces: [
                "\\ref{", "\\foo[", "$", "\\(", "\\begin{equation}", "\\verb|", "{", "\\href{x}{", "\\begin{verbatim}", "[",
                "\\newcommand{", "%", "\\cite[", "\\def", "\\item[{", "\\\\[",
            ])
    }
}
