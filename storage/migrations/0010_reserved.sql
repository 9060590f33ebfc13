-- Reserved: migration 0010 belongs to parallel work (issue 46's session: the high-contrast
-- setting). This placeholder only keeps the numbering without gaps on this branch; delete it
-- when that work's 0010 is merged.
SELECT 1;
