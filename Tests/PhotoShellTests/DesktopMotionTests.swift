@testable import PhotoShell
import Testing

/// How the desktop's wish for less motion is read (docs/behaviour.md §3).
@Suite struct DesktopMotionTests {
    @Test func gsettingsSaysFalseForNoAnimations() {
        #expect(DesktopMotion.gnomeReduces(gsettingsOutput: "false\n"))
        #expect(!DesktopMotion.gnomeReduces(gsettingsOutput: "true\n"))
        #expect(!DesktopMotion.gnomeReduces(gsettingsOutput: ""))
    }

    @Test func kdeSaysAnAnimationSpeedOfZero() {
        #expect(DesktopMotion.kdeReduces(kdeglobals: "[General]\nfoo=1\n\n[KDE]\nAnimationDurationFactor=0\nLookAndFeelPackage=x\n"))
        #expect(DesktopMotion.kdeReduces(kdeglobals: "[KDE]\n AnimationDurationFactor = 0.0 \n"))
        #expect(!DesktopMotion.kdeReduces(kdeglobals: "[KDE]\nAnimationDurationFactor=0.5\n"))
        // The same key in another group is not KDE's.
        #expect(!DesktopMotion.kdeReduces(kdeglobals: "[Other]\nAnimationDurationFactor=0\n[KDE]\nSingleClick=false\n"))
        #expect(!DesktopMotion.kdeReduces(kdeglobals: ""))
    }
}
