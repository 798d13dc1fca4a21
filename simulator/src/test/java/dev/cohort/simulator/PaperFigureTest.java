package dev.cohort.simulator;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PaperFigureTest {
    @Test
    void theResourceHasTheTwoRatiosTheTextStates() {
        List<PaperFigure> logreg = PaperFigure.of("logreg");
        assertEquals(1, logreg.size());
        assertEquals(32, logreg.get(0).nodes());
        assertEquals(11.4, logreg.get(0).value());
        assertEquals("DCR paper, Fig. 19", logreg.get(0).source());
        List<PaperFigure> cg = PaperFigure.of("cg");
        assertEquals(1, cg.size());
        assertEquals(2.7, cg.get(0).value());
        assertEquals("DCR paper, Fig. 20", cg.get(0).source());
        assertEquals(2, PaperFigure.all().size());
        assertTrue(cg.get(0).cite().startsWith("2.7 speed-up over Dask at 32 nodes"), cg.get(0).cite());
    }

    @Test
    void aBadLineIsNamed() {
        String text = "# c\nbenchmark,system,nodes,value,unit,source,how_read\nlogreg,x,32,11.4,u,s,h\ncg,x,zero,1,u,s,h\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PaperFigure.parse(new StringReader(text), "figs.csv"));
        assertTrue(e.getMessage().startsWith("figs.csv line "), e.getMessage());
        assertTrue(e.getMessage().contains("zero"), e.getMessage());
    }
}
