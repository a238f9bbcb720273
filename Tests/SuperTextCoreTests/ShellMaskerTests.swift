import Testing

@testable import SuperTextCore

private func masked(_ text: String) -> [String] { MaskerTesting.masked(text, format: .shell) }
private func checked(_ text: String) -> [String] { MaskerTesting.checkedWords(text, format: .shell) }

/// Shell scripts: only the `#` comments are read.
@Suite("ShellMasker")
struct ShellMaskerTests {
    @Test func codeIsMaskedAndCommentsAreProse() {
        #expect(masked("").isEmpty)
        #expect(masked("echo hi # the comment\nls") == ["echo hi #", "\nls"])
        #expect(checked("echo hi # the comment\nls") == ["the", "comment"])
        #expect(checked("# First line\n#   and the second.\nrm -rf teh") == ["First", "line", "and", "the", "second"])
    }

    @Test func theShebangAndDirectivesAreNotProse() {
        #expect(checked("#!/bin/sh\n# Real comment\n") == ["Real", "comment"])
        #expect(checked("# shellcheck disable=SC2086\n# Real\n") == ["Real"])
    }

    @Test func aHashThatStartsNoWordIsNoComment() {
        #expect(checked("echo $# ${#x} a#b \"x # y\" 'p # q' \\# no\n") == [])
        #expect(checked("x=${y:-'#'} # yes") == ["yes"])
        #expect(checked("echo $'a\\'b # no' # yes") == ["yes"])
        #expect(checked("ls;# yes") == ["yes"])
    }

    @Test func substitutionsHoldQuotesAndComments() {
        #expect(checked("x=$(ls # list files\n)") == ["list", "files"])
        #expect(checked("echo \"$(echo \"it's\")\" # yes") == ["yes"])
        #expect(checked("x=`date` # yes") == ["yes"])
        #expect(checked("x=$((1 << 2)) # yes\n# also\n") == ["yes", "also"])
        #expect(checked("case $x in\n  a) echo a ;; # first\nesac") == ["first"])
    }

    @Test func hereDocumentBodiesAreMasked() {
        #expect(checked("cat <<EOF\n# not a comment\nEOF\n# yes\n") == ["yes"])
        #expect(checked("cat <<-'END' > f # yes\n\t# no\n\tEND\n# also") == ["yes", "also"])
        #expect(checked("cat <<\"A\" <<B\n# no\nA\n# no\nB\n# yes") == ["yes"])
        #expect(checked("cat <<< \"x\" # yes") == ["yes"])
        // Left open: to the end.
        #expect(checked("cat <<EOF\n# no\n") == [])
    }

    @Test func quotesLeftOpenRunToTheEnd() {
        #expect(checked("echo 'open\n# no") == [])
        #expect(checked("echo \"open\n# no") == [])
    }

    // MARK: - A whole script

    @Test func aWholeScript() {
        let text = """
            #!/usr/bin/env bash
            # Build the release and copy it to the server.
            set -euo pipefail

            # The version comes from the tag.
            version="${1:-$(git describe --tags)}"  # e.g. v1.2.3
            echo "Building #$version"

            cat > notes.txt <<EOF
            # Release notes
            Version $version
            EOF

            for f in *.tar.gz; do  # every archive
              scp "$f" host:/srv/  # copy it over
            done
            """
        #expect(
            checked(text) == [
                "Build", "the", "release", "and", "copy", "it", "to", "the", "server", "The", "version", "comes", "from",
                "the", "tag", "every", "archive", "copy", "it", "over",
            ])
    }

    @Test func misspellingsInCommentsAreFlaggedAndInCodeNot() throws {
        let text = "#!/bin/bash\n# Instal the pakage.\necho \"recieve\" # and retrun\ncat <<EOF\ndefinately\nEOF\n"
        #expect(try MaskerTesting.flagged(text, format: .shell) == ["Instal", "pakage", "retrun"])
    }

    // MARK: - Robustness

    @Test func oddBytesAndConstructsCutShort() {
        MaskerTesting.expectOddBytesWellFormed(
            format: .shell, openings: ["'a", "\"a", "$(a", "${a", "`a", "<<EOF\na", "$'a", "# a", "#!", "<<-'E"])
    }

    @Test func randomTextsGiveWellFormedRanges() {
        MaskerTesting.expectRandomTextsWellFormed(
            format: .shell,
            pieces: [
                "#", " #", "\"", "'", "`", "$(", "$((", ")", "(", "${", "}", "{", "$", "$#", "<<", "<<-", "EOF", "<<<", "\\",
                ";", "|", "&", "$'",
            ])
    }

    @Test func repeatedOpeningsFinish() {
        MaskerTesting.expectRepeatedPiecesFinish(
            format: .shell,
            pieces: ["$(", "\"$(", "${", "`", "\"`", "<<A ", "<<A\n", "'", " #", "$((", "\"", "(", ")", "<<'A'\n"])
    }
}
